import {
  Box,
  Button,
  type ButtonVariant,
  Card,
  Group,
  type MantineColor,
  type MantineSpacing,
  Modal,
  Paper,
  Stack,
  Table,
  type TableTdProps,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconTrash, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyTable } from './empty-table';
import { type QueryLike, QueryState } from './query-state';
import { SkeletonGrid } from './skeleton-grid';
import { useConfirmAction } from './use-confirm-action';

/** What the table reads of a list query (a TanStack Query `useQuery` result fits). */
export type ListQuery<T> = QueryLike<readonly T[]>;

/** One column between S.No and Actions. */
export type AdminColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Props of the column's cells, e.g. `{ fw: 600 }` for the row's name. */
  td?: TableTdProps;
  /** A column the list sorts by: its header is a button that sorts (again, the other way), with `aria-sort`. */
  sort?: { state: 'ascending' | 'descending' | 'none'; onSort: () => void };
};

const SORT_ICONS = { ascending: IconArrowUp, descending: IconArrowDown, none: IconArrowsSort } as const;

/** A column's header: its name, or a button that sorts by it when the column sorts. */
function ColumnHeader<T>({ column }: { column: AdminColumn<T> }) {
  if (!column.sort) return <Table.Th>{column.header}</Table.Th>;
  const Icon = SORT_ICONS[column.sort.state];
  return (
    <Table.Th aria-sort={column.sort.state}>
      <UnstyledButton onClick={column.sort.onSort} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" component="span">
          {column.header}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A button of a row: a link inside the app (`to`) or an action (`onClick`). */
export type RowAction = {
  label: string;
  icon: TablerIcon;
  variant: ButtonVariant;
  color?: MantineColor;
} & (
  | { to: string /** History state the link leaves (e.g. where a Back link returns). */; state?: unknown }
  | { onClick: () => void /** Busy while what it started runs. */; loading?: boolean }
);

/** The list's words; each admin list's copy has them under these names. */
export type AdminTableCopy = {
  columns: { sno: string; actions: string };
  empty: string;
  loading: string;
  listError: string;
  retry: string;
  /** The Delete button and its confirmation (lists without Delete leave them out). */
  delete?: string;
  confirmTitle?: string;
  confirmYes?: string;
  confirmNo?: string;
};

export type AdminTableProps<T> = {
  query: ListQuery<T>;
  copy: AdminTableCopy;
  columns: AdminColumn<T>[];
  rowKey: (row: T) => string;
  /** Names a row in its buttons' accessible names ('Delete: <name>'). */
  rowName: (row: T) => string;
  /** The rows in this order (the query's order when absent). */
  order?: (a: T, b: T) => number;
  /** The row's buttons before Delete. */
  actions?: (row: T) => RowAction[];
  /** Deletes a row after the admin confirms; the confirm button is busy until it settles (no Delete when absent). */
  onDelete?: (row: T) => Promise<unknown>;
  /** The confirmation's text for a row. */
  confirmText?: (row: T) => string;
  /** The S.No of the first row (a later page of a paged list starts after the earlier pages). */
  firstIndex?: number;
  /** Whether a row offers Delete (every row when absent). */
  canDelete?: (row: T) => boolean;
  /** Below this width the table scrolls sideways (from the `sm` breakpoint up; a phone gets the cards). */
  minWidth: number;
  /** The cells' side padding (`md` when absent); a list of many columns takes `sm` to fit the page. */
  horizontalSpacing?: MantineSpacing;
  /**
   * A phone layout of the rows, given each row's actions (Delete included), in place of the default cards (one per
   * row: S.No, every column as a label and its value, then the row's buttons). The table shows from the `sm`
   * breakpoint up and the cards below it.
   */
  cards?: (rows: readonly T[], actionsOf: (row: T) => RowAction[]) => ReactNode;
};

/**
 * An admin list: skeleton rows while loading, the error with a retry, the empty text, or the table with S.No first
 * and the row's buttons (Delete asks first) last.
 */
export function AdminTable<T>({ query, copy, ...props }: AdminTableProps<T>) {
  return (
    <QueryState
      query={query}
      skeleton={<SkeletonGrid count={3} height={44} spacing="xs" radius="md" label={copy.loading} />}
      errorTitle={copy.listError}
      recover={{ retry: copy.retry }}
    >
      {(data) => (data.length === 0 ? <EmptyTable>{copy.empty}</EmptyTable> : <Rows data={data} copy={copy} {...props} />)}
    </QueryState>
  );
}

const noDelete = async () => {};

function Rows<T>({ data, copy, ...props }: Omit<AdminTableProps<T>, 'query'> & { data: readonly T[] }) {
  const { pending, ask, busy, confirm } = useConfirmAction(props.onDelete ?? noDelete);
  const first = props.firstIndex ?? 1;
  const rows = props.order ? [...data].sort(props.order) : data;
  const actionsOf = (row: T): RowAction[] => [
    ...(props.actions?.(row) ?? []),
    ...(props.onDelete && (props.canDelete?.(row) ?? true)
      ? [{ label: copy.delete ?? '', icon: IconTrash, variant: 'light', color: 'red', onClick: () => ask(row) } as const]
      : []),
  ];

  return (
    <>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} visibleFrom="sm">
        <Table.ScrollContainer minWidth={props.minWidth} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={props.horizontalSpacing ?? 'md'}>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={64}>{copy.columns.sno}</Table.Th>
                {props.columns.map((column) => (
                  <ColumnHeader key={column.header} column={column} />
                ))}
                <Table.Th>{copy.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={props.rowKey(row)}>
                  <Table.Td>{first + i}</Table.Td>
                  {props.columns.map((column) => (
                    <Table.Td key={column.header} {...column.td}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <RowActions actions={actionsOf(row)} name={props.rowName(row)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {props.cards ? (
        props.cards(rows, actionsOf)
      ) : (
        <RowCards
          rows={rows}
          actionsOf={actionsOf}
          copy={copy}
          columns={props.columns}
          rowKey={props.rowKey}
          rowName={props.rowName}
          first={first}
        />
      )}
      <Modal opened={pending !== null} onClose={() => ask(null)} title={copy.confirmTitle} centered>
        <Text>{pending !== null ? props.confirmText?.(pending) : ''}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => ask(null)}>
            {copy.confirmNo}
          </Button>
          <Button color="red" loading={busy} onClick={confirm}>
            {copy.confirmYes}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/**
 * The phone layout of an admin list: a card per row with its S.No, each column's header beside its value (a
 * description list, so a screen reader reads the pair) and the row's buttons, which wrap instead of leaving the screen.
 */
function RowCards<T>({
  rows,
  actionsOf,
  copy,
  columns,
  rowKey,
  rowName,
  first,
}: Pick<AdminTableProps<T>, 'copy' | 'columns' | 'rowKey' | 'rowName'> & {
  rows: readonly T[];
  first: number;
  actionsOf: (row: T) => RowAction[];
}) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row, i) => (
        <Card key={rowKey(row)} component="li" p="md" data-testid="admin-row-card">
          <Box
            component="dl"
            m={0}
            style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 12, rowGap: 6 }}
          >
            <CardField label={copy.columns.sno}>{first + i}</CardField>
            {columns.map((column) => (
              <CardField key={column.header} label={column.header}>
                {column.cell(row)}
              </CardField>
            ))}
          </Box>
          <Group gap="xs" mt="sm" aria-label={`${copy.columns.actions}: ${rowName(row)}`} role="group">
            <RowActionButtons actions={actionsOf(row)} name={rowName(row)} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/** A row's buttons in a row of their own. */
export function RowActions({ actions, name }: { actions: RowAction[]; name: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <RowActionButtons actions={actions} name={name} />
    </Group>
  );
}

/**
 * A row's buttons, each named '<label>: <row name>' for screen readers. `icons={false}` leaves the icons out (the
 * phone cards, where the buttons share a narrow grid).
 */
export function RowActionButtons({ actions, name, icons = true }: { actions: RowAction[]; name: string; icons?: boolean }) {
  return actions.map(({ icon: Icon, ...action }) => {
    const common = {
      size: 'xs',
      variant: action.variant,
      color: action.color,
      leftSection: icons ? <Icon size={14} aria-hidden /> : undefined,
      'aria-label': `${action.label}: ${name}`,
    } as const;
    return 'to' in action ? (
      <Button key={action.label} {...common} component={Link} to={action.to} state={action.state}>
        {action.label}
      </Button>
    ) : (
      <Button key={action.label} {...common} onClick={action.onClick} loading={action.loading}>
        {action.label}
      </Button>
    );
  });
}
