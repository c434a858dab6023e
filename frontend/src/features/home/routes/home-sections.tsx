import { Newsletter } from '@/features/newsletter';
import { BestSellers, CategoryTiles } from '@/features/products';
import { WhyWeAreBest } from '../components/why-we-are-best';

/** Everything under the hero: it downloads with the catalogue's grid while the hero is already on screen. */
export function HomeSections() {
  return (
    <>
      <CategoryTiles />
      <BestSellers />
      <WhyWeAreBest />
      <Newsletter />
    </>
  );
}
