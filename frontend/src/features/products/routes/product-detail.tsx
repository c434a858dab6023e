import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProductImage } from '@/components/ui/product-image';
import { Rating } from '@/components/ui/rating';
import { Spinner } from '@/components/ui/spinner';
import { useCart } from '@/features/cart';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { thumbnailOf } from '@/lib/product-urls';
import { useProduct } from '../api/get-product';
import { categoryLink, findCategory } from '../categories';
import { RelatedProducts } from '../components/related-products';
import type { Product } from '../types';

/** /products/:category/:id */
export function ProductDetailRoute() {
  const { id = '' } = useParams();
  const query = useProduct(id);

  if (query.isPending) return <Spinner label="Loading product…" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404 || status === 400) return <ProductNotFound />;
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ProductDetail key={query.data._id} product={query.data} />;
}

function ProductNotFound() {
  return (
    <section className="mx-auto mt-24 max-w-md text-center">
      <h1 className="text-2xl font-medium text-gray-800">Product not found</h1>
      <p className="mt-3 text-gray-500">This product does not exist or is no longer sold. Have a look at the rest of the shop.</p>
      <Link to="/products" className="mt-6 inline-block rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull">
        Browse all products
      </Link>
    </section>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const cart = useCart();
  const navigate = useNavigate();
  const [selected, setSelected] = useState(0);
  const category = findCategory(product.category);
  const images = product.image;

  return (
    <div className="mt-12">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-500">
          <li>
            <Link to="/" className="hover:text-primary">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link to="/products" className="hover:text-primary">
              Products
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={categoryLink({ path: product.category })} className="hover:text-primary">
              {product.category}
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="text-primary">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 flex flex-col gap-12 md:flex-row md:gap-16">
        <div className="flex gap-3">
          {images.length > 1 && (
            <div className="flex flex-col gap-3" role="group" aria-label="Product pictures">
              {images.map((image, index) => (
                <button
                  key={image}
                  type="button"
                  onClick={() => setSelected(index)}
                  aria-label={`Show picture ${index + 1} of ${images.length}`}
                  aria-pressed={index === selected}
                  className={`h-24 w-24 overflow-hidden rounded border bg-white ${index === selected ? 'border-primary' : 'border-gray-300'}`}
                >
                  <ProductImage src={thumbnailOf(image)} alt="" className="h-full w-full" />
                </button>
              ))}
            </div>
          )}
          <div className="flex h-80 w-80 max-w-[calc(100vw-8rem)] items-center justify-center overflow-hidden rounded border border-gray-300 bg-white sm:h-96 sm:w-96">
            <ProductImage src={images[selected]} alt={product.name} className="h-full w-full" />
          </div>
        </div>

        <div className="w-full text-sm md:w-1/2">
          <h1 className="text-3xl font-medium text-gray-800">{product.name}</h1>
          <div className="mt-1">
            <Rating size="md" />
          </div>

          <div className="mt-6">
            {product.price > product.offerPrice && (
              <p className="text-gray-500/70">
                MRP: <s>{formatPrice(product.price)}</s>
              </p>
            )}
            <p className="text-2xl font-medium">Price: {formatPrice(product.offerPrice)}</p>
            <span className="text-gray-500/70">(inclusive of all taxes)</span>
          </div>

          <h2 className="mt-6 text-base font-medium">About Product</h2>
          {product.description.length > 0 ? (
            <ul className="ml-4 list-disc text-gray-600">
              {product.description.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-500">No description yet.</p>
          )}

          <p className="mt-4 text-gray-600">
            <span className="font-medium text-gray-800">Weight:</span> {product.weight?.trim() || 'N/A'}
          </p>
          {category && (
            <p className="mt-1 text-gray-600">
              <span className="font-medium text-gray-800">Category:</span> {category.text}
            </p>
          )}

          {product.inStock ? (
            <div className="mt-10 flex items-center gap-4 text-base">
              <button
                type="button"
                onClick={() => cart.add(product._id)}
                className="w-full rounded bg-gray-100 py-3.5 font-medium text-gray-800/80 transition hover:bg-gray-200"
              >
                Add to Cart
              </button>
              <button
                type="button"
                onClick={() => {
                  cart.add(product._id);
                  navigate('/cart');
                }}
                className="w-full rounded bg-primary py-3.5 font-medium text-white transition hover:bg-primary-dull"
              >
                Buy now
              </button>
            </div>
          ) : (
            <p className="mt-10 rounded bg-gray-100 px-4 py-3 text-base font-medium text-gray-600">Out of stock — check back soon.</p>
          )}
          {cart.quantityOf(product._id) > 0 && (
            <p className="mt-3 text-gray-500">
              In your cart: {cart.quantityOf(product._id)} ·{' '}
              <Link to="/cart" className="text-primary underline-offset-2 hover:underline">
                View cart
              </Link>
            </p>
          )}
        </div>
      </div>

      <RelatedProducts product={product} />
    </div>
  );
}
