import { BestSellers } from '@/features/products/components/best-sellers';
import { CategoryTiles } from '@/features/products/components/category-tiles';
import { Newsletter } from '@/features/newsletter/components/newsletter';
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
