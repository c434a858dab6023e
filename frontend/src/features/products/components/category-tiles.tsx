import { Link } from 'react-router-dom';
import { CATEGORIES } from '@greencart/domain';
import { CATEGORY_COLORS, categoryLink } from '../categories';
import { CategoryArt } from './category-art';
import { SectionHeading } from './section-heading';

export function CategoryTiles() {
  return (
    <section className="mt-4 md:mt-16" aria-labelledby="categories-heading">
      <SectionHeading>
        <span id="categories-heading">Categories</span>
      </SectionHeading>
      {/* Phones: one strip that scrolls sideways; wider screens: a grid. */}
      <ul className="-mx-4 mt-2 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:mt-6 sm:grid sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0 md:grid-cols-5 lg:grid-cols-6 xl:grid-cols-7">
        {CATEGORIES.map((category) => (
          <li key={category.path} className="w-20 shrink-0 snap-start sm:w-auto">
            <Link
              to={categoryLink(category)}
              onClick={() => window.scrollTo(0, 0)}
              className="group flex h-full flex-col items-center justify-center gap-1 rounded-lg px-1 py-2 sm:gap-2 sm:px-3 sm:py-5"
              style={{ backgroundColor: CATEGORY_COLORS[category.path] }}
            >
              <CategoryArt path={category.path} className="h-10 w-10 transition group-hover:scale-110 sm:h-20 sm:w-20" />
              <span className="text-center text-[11px] leading-tight font-medium text-gray-800 sm:text-sm">{category.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
