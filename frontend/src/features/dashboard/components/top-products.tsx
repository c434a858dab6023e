import type { TopProduct } from '@greencart/domain';
import { formatPrice } from '@/lib/format';

/** Best sellers of the period, by revenue (offer price × quantity). */
export function TopProducts({ products }: { products: TopProduct[] }) {
  if (!products.length) return <p className="text-sm text-gray-600">No products sold in this period yet.</p>;
  const most = products[0].revenue || 1;
  return (
    <ol className="space-y-2" data-testid="top-products">
      {products.map((product, index) => (
        <li key={product.productId} className="text-sm">
          <div className="flex items-baseline gap-2">
            <span className="w-5 shrink-0 text-gray-500 tabular-nums">{index + 1}.</span>
            <span className="min-w-0 flex-1 truncate font-medium text-gray-800">{product.name}</span>
            <span className="shrink-0 text-gray-600 tabular-nums">× {product.quantity}</span>
            <span className="w-24 shrink-0 text-right font-medium text-gray-800 tabular-nums">{formatPrice(product.revenue)}</span>
          </div>
          {/* Its pack sizes when it sold in two or more (one size says nothing the product's line does not). */}
          {product.sizes && product.sizes.length > 1 && (
            <p className="mt-0.5 ml-7 text-xs text-gray-600 tabular-nums" data-testid="top-product-sizes">
              {product.sizes.map((size) => `${size.label} × ${size.quantity}`).join(' · ')}
            </p>
          )}
          <div className="mt-1 ml-7 h-1.5 rounded-full bg-gray-100" aria-hidden="true">
            <div className="h-1.5 rounded-full bg-primary/70" style={{ width: `${Math.max(2, (product.revenue / most) * 100)}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
