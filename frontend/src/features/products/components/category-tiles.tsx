import { Link } from 'react-router-dom';
import { CATEGORIES } from '@greencart/domain';
import { CATEGORY_COLORS, categoryLink } from '../categories';
import { CategoryArt } from './category-art';
import { SectionHeading } from './section-heading';

export function CategoryTiles() {
  return (
    <section className="mt-10 md:mt-16" aria-labelledby="categories-heading">
      <SectionHeading>
        <span id="categories-heading">Categories</span>
      </SectionHeading>
      <ul className="mt-6 grid grid-cols-3 gap-2 sm:gap-6 md:grid-cols-5 lg:grid-cols-6 xl:grid-cols-7">
        {CATEGORIES.map((category) => (
          <li key={category.path}>
            <Link
              to={categoryLink(category)}
              onClick={() => window.scrollTo(0, 0)}
              className="group flex h-full flex-col items-center justify-center gap-1 rounded-lg px-1 py-3 sm:gap-2 sm:px-3 sm:py-5"
              style={{ backgroundColor: CATEGORY_COLORS[category.path] }}
            >
              <CategoryArt path={category.path} className="h-14 w-14 transition group-hover:scale-110 sm:h-20 sm:w-20" />
              <span className="text-center text-xs font-medium text-gray-800 sm:text-sm">{category.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
