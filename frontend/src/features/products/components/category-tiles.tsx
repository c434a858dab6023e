import { Link } from 'react-router-dom';
import { CATEGORIES } from '@greencart/domain';
import { CATEGORY_COLORS, categoryLink } from '../categories';
import { CategoryArt } from './category-art';
import { SectionHeading } from './section-heading';

export function CategoryTiles() {
  return (
    <section className="mt-16" aria-labelledby="categories-heading">
      <SectionHeading>
        <span id="categories-heading">Categories</span>
      </SectionHeading>
      <ul className="mt-6 grid grid-cols-2 gap-6 sm:grid-cols-3 md:grid-cols-5 lg:grid-cols-6 xl:grid-cols-7">
        {CATEGORIES.map((category) => (
          <li key={category.path}>
            <Link
              to={categoryLink(category)}
              onClick={() => window.scrollTo(0, 0)}
              className="group flex h-full flex-col items-center justify-center gap-2 rounded-lg px-3 py-5"
              style={{ backgroundColor: CATEGORY_COLORS[category.path] }}
            >
              <CategoryArt path={category.path} className="h-20 w-20 transition group-hover:scale-110" />
              <span className="text-center text-sm font-medium text-gray-800">{category.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
