import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

export type ErrorStateProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** More actions beside the retry button. */
  actions?: ReactNode;
  titleOrder?: 1 | 2 | 3;
};

/** A failed load: what went wrong and a way to try again. */
export function ErrorState({ title, description, onRetry, retryLabel = 'Try again', actions, titleOrder }: ErrorStateProps) {
  return (
    <div role="alert">
      <EmptyState
        color="red"
        icon={<IconAlertTriangle size={28} aria-hidden />}
        title={title}
        description={description}
        titleOrder={titleOrder}
        actions={
          onRetry || actions ? (
            <>
              {onRetry ? <Button onClick={onRetry}>{retryLabel}</Button> : null}
              {actions}
            </>
          ) : undefined
        }
      />
    </div>
  );
}
