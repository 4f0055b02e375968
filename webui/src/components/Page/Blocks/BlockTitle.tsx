/** The heading of a block, when it has one. */
export function BlockTitle({ title }: { title: string }) {
  if (!title) return null;
  return <h2 className="mb-4 text-lg font-semibold tracking-tight">{title}</h2>;
}
