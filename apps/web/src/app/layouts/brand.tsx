import { Anchor } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './layouts.module.css';

/** The brand link of the header and footer. */
export function Brand({ to, label, tone = 'brand' }: { to: string; label: string; tone?: 'brand' | 'light' }) {
  return (
    <Anchor component={Link} to={to} underline="never" className={tone === 'light' ? classes.brandLight : classes.brand}>
      <IconBuildingSkyscraper size={26} aria-hidden />
      <span>{label}</span>
    </Anchor>
  );
}
