import { TAX_PERCENT, type TaxMode } from '@greencart/domain';
import { useShopTax } from '@/features/shop';
const SHOP = {
  address: ['GreenCart Fresh Hub', '14 Market Road, Indiranagar', 'Bengaluru, Karnataka 560038', 'India'],
  phone: '+91 80 4567 1234',
  email: 'support@greencart.example',
  hours: [
    { days: 'Monday – Saturday', time: '7:00 am – 11:00 pm' },
    { days: 'Sunday', time: '8:00 am – 10:00 pm' },
  ],
};

const HELP = [
  {
    id: 'delivery',
    title: 'Delivery information',
    text: 'We deliver within our service area during opening hours. Enter your pincode at the top of the page to see the delivery time and any delivery fee for your area.',
  },
  {
    id: 'returns',
    title: 'Return & refund policy',
    text: 'Something not fresh or not what you ordered? Tell us within 24 hours of delivery and we replace it or refund you in full.',
  },
  {
    id: 'payment',
    title: 'Payment methods',
    text: 'Pay cash on delivery, or online by card, UPI or net banking through our secure payment partner.',
  },
  {
    id: 'track-order',
    title: 'Track your order',
    text: 'Sign in and open My orders to follow every order from packing to your door.',
  },
];

/** "Do prices include tax?", answered for the shop's tax mode (issue 54). */
const TAX_ANSWERS: Record<TaxMode, string> = {
  flat: `No: the prices on the shelves are before tax. A ${TAX_PERCENT}% tax is added at checkout, shown as its own line in your cart before you order. Delivery is free.`,
  gst: 'Yes: the prices on the shelves are MRPs that include GST. Nothing is added at checkout; your cart and your bill show how much GST the total includes.',
  composition: 'The prices on the shelves are what you pay: nothing is added to them at checkout.',
  unregistered: 'The prices on the shelves are what you pay: nothing is added to them at checkout.',
};

const faqsFor = (taxMode: TaxMode) => [
  { q: 'Is there a minimum order?', a: 'No. Order as little as you like; delivery stays free.' },
  {
    q: 'Can I change or cancel an order after placing it?',
    a: 'Until we start packing it you can cancel it yourself from My orders (an online payment is refunded in full). To change it, call us right away.',
  },
  { q: 'Do prices include tax?', a: TAX_ANSWERS[taxMode] },
];

export function ContactRoute() {
  const faqs = faqsFor(useShopTax().taxMode);
  return (
    <div className="mt-8 space-y-16 md:mt-16">
      <title>Contact us · GreenCart</title>
      <section aria-labelledby="contact-heading">
        <h1 id="contact-heading" className="text-3xl font-medium text-gray-800">
          Contact us
        </h1>
        <p className="mt-2 max-w-2xl text-gray-600">Questions about an order, a product or a delivery? We are happy to help.</p>

        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <Card title="Visit the shop">
            <address className="not-italic">
              {SHOP.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Card>
          <Card title="Call us">
            <a href={`tel:${SHOP.phone.replace(/\s/g, '')}`} className="text-primary-dull hover:underline">
              {SHOP.phone}
            </a>
          </Card>
          <Card title="Write to us">
            <a href={`mailto:${SHOP.email}`} className="break-all text-primary-dull hover:underline">
              {SHOP.email}
            </a>
          </Card>
          <Card title="Opening hours">
            <dl>
              {SHOP.hours.map((row) => (
                <div key={row.days}>
                  <dt className="font-medium text-gray-700">{row.days}</dt>
                  <dd>{row.time}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
      </section>

      <section aria-labelledby="help-heading">
        <h2 id="help-heading" className="text-2xl font-medium text-gray-800">
          Help
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {HELP.map((item) => (
            <div key={item.id} id={item.id} className="scroll-mt-24">
              <h3 className="text-lg font-medium text-gray-800">{item.title}</h3>
              <p className="mt-1 text-gray-600">{item.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section id="faqs" className="scroll-mt-24" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-2xl font-medium text-gray-800">
          FAQs
        </h2>
        <div className="mt-6 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {faqs.map((faq) => (
            <details key={faq.q} className="group px-5 py-4">
              <summary className="cursor-pointer font-medium text-gray-800">{faq.q}</summary>
              <p className="mt-2 text-gray-600">{faq.a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 p-5 text-sm text-gray-600">
      <h2 className="mb-2 text-base font-medium text-gray-800">{title}</h2>
      {children}
    </div>
  );
}
