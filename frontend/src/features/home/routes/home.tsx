import { Newsletter } from '@/features/newsletter';
import { BestSellers, CategoryTiles } from '@/features/products';
import { Hero } from '../components/hero';
import { WhyWeAreBest } from '../components/why-we-are-best';

export function HomeRoute() {
  return (
    <>
      <Hero />
      <CategoryTiles />
      <BestSellers />
      <WhyWeAreBest />
      <Newsletter />
    </>
  );
}
