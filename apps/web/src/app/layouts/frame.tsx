import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { common } from '@/copy/common';
import classes from './layouts.module.css';

/** The frame of an area's pages: a skip link, the header, the page (`main`), the footer and what floats above. */
export function LayoutFrame({ header, footer, children }: { header: ReactNode; footer: ReactNode; children?: ReactNode }) {
  return (
    <Box className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {common.skipToContent}
      </a>
      {header}
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
      {footer}
      {children}
      <ScrollRestoration />
    </Box>
  );
}

/** A header bar: the brand at the start, the navigation at the end. */
export function HeaderBar({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Box component="header" className={className}>
      <Container size="lg" h="100%" px={{ base: 'sm', xs: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          {children}
        </Group>
      </Container>
    </Box>
  );
}
