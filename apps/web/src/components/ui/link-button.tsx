import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A Mantine Button that navigates inside the app (a real link: middle-click and screen readers work). */
export function LinkButton({ to, children, ...props }: ButtonProps & { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} {...props}>
      {children}
    </Button>
  );
}

/** A Mantine Anchor that navigates inside the app. */
export function LinkAnchor({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
}
