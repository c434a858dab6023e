import { Newsletter } from '@/features/newsletter';
import { BestSellers, CategoryTiles } from '@/features/products';
import { Hero } from '../components/hero';
import { WhyWeAreBest } from '../components/why-we-are-best';

export function HomeRoute() {
  return (
    <>
      <title>GreenCart – fresh groceries delivered in 30 minutes</title>
      <Hero />
      <CategoryTiles />
      <BestSellers />
      <WhyWeAreBest />
      <Newsletter />
    </>
  );
}
