import { Pagination, type PaginationProps } from '@mantine/core';
import { common } from '@/copy/common';

/** Mantine's pagination with its arrow controls named (previous, next, first, last), so a screen reader can tell them. */
export function Pager(props: PaginationProps) {
  return <Pagination getControlProps={(control) => ({ 'aria-label': common.pager[control] })} {...props} />;
}
