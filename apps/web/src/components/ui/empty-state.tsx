import { EmptyState as MantineEmptyState, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links offering the next step. */
  actions?: ReactNode;
  color?: MantineColor;
  /** Heading level of the title (2 inside a page that has its h1; 1 when it is the page). */
  titleOrder?: 1 | 2 | 3;
};

/** A calm message for 'nothing here' and 'could not load' situations, with the next step. */
export function EmptyState({ title, description, icon, actions, color = 'brand', titleOrder = 2 }: EmptyStateProps) {
  return (
    <MantineEmptyState variant="light" color={color} size="lg" py="xl" icon={icon}>
      <MantineEmptyState.Title order={titleOrder}>{title}</MantineEmptyState.Title>
      {description ? <MantineEmptyState.Description>{description}</MantineEmptyState.Description> : null}
      {actions ? <MantineEmptyState.Actions>{actions}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
