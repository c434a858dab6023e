export function SectionHeading({ children, as: Tag = 'h2' }: { children: React.ReactNode; as?: 'h1' | 'h2' }) {
  return (
    <div className="flex w-max flex-col items-end">
      <Tag className="text-xl font-medium md:text-3xl">{children}</Tag>
      <span className="h-0.5 w-16 rounded-full bg-primary" aria-hidden="true" />
    </div>
  );
}
