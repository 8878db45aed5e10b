/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  /** One short line saying what is missing. */
  title: string;
  /** How the region fills up. */
  description: string;
}

/** Centred message for a region that has nothing to show yet. */
export function EmptyState({ title, description }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__description">{description}</p>
    </div>
  );
}
