import { lazy, useId, useState } from 'react';
import { Button } from '@mui/material';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { LazyMenu, LazyMenuItem } from '#app/lib/lazy-mui-menu.tsx';
import { useSession } from '#app/lib/session.ts';
import { columnLabel } from './data-table';
import type { DataTableColumn } from './data-table';

// The menu's contents load with the menu, under its Suspense, when it first opens (DESIGN §7).
const ListItemIcon = lazy(() => import('@mui/material/ListItemIcon'));
const ListItemText = lazy(() => import('@mui/material/ListItemText'));
const Divider = lazy(() => import('@mui/material/Divider'));
const CheckBox = lazy(() => import('@mui/icons-material/CheckBox'));
const CheckBoxOutlineBlank = lazy(() => import('@mui/icons-material/CheckBoxOutlineBlank'));

/** A column the user may show or hide, and whether it is shown now. */
export type ColumnOption = { id: string; label: string; shown: boolean };

export type ColumnChoice<Row> = {
  /** The columns to show, in their defined order. */
  columns: readonly DataTableColumn<Row>[];
  /** The optional columns, for the chooser. */
  options: readonly ColumnOption[];
  setShown: (id: string, shown: boolean) => void;
  /** Back to each column's default. */
  reset: () => void;
};

/** Only the choices that differ from a column's default are kept, so new columns get theirs. */
type Overrides = Readonly<Record<string, boolean>>;

const STORAGE_PREFIX = 'recovery-portal.columns';

/** Per signed-in user and table: another user of the same browser keeps their own choice. */
export function columnStorageKey(userId: number, table: string): string {
  return `${STORAGE_PREFIX}.${userId}.${table}`;
}

function readOverrides(key: string | null): Overrides {
  if (key === null) return {};
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => {
        return typeof entry[1] === 'boolean';
      }),
    );
  } catch {
    // Storage blocked or a value someone edited by hand: the defaults.
    return {};
  }
}

function writeOverrides(key: string | null, overrides: Overrides) {
  if (key === null) return;
  try {
    if (Object.keys(overrides).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(overrides));
  } catch {
    // Storage blocked: the choice lasts as long as the page.
  }
}

const shownByDefault = <Row,>(column: DataTableColumn<Row>) => column.optional !== 'hidden';

/**
 * Which of a table's columns to show: every column without `optional`, and the optional ones the
 * signed-in user chose (their default until they choose), remembered in this browser per user.
 * A new optional column needs nothing here: its definition's `optional` puts it in the chooser.
 */
export function useColumnChoice<Row>(
  table: string,
  columns: readonly DataTableColumn<Row>[],
): ColumnChoice<Row> {
  const userId = useSession().user?.id ?? null;
  const key = userId === null ? null : columnStorageKey(userId, table);
  const [state, setState] = useState(() => ({ key, overrides: readOverrides(key) }));
  const current = state.key === key ? state : { key, overrides: readOverrides(key) };
  if (current !== state) setState(current);

  const isShown = (column: DataTableColumn<Row>) =>
    column.optional === undefined || (current.overrides[column.id] ?? shownByDefault(column));
  const update = (overrides: Overrides) => {
    writeOverrides(key, overrides);
    setState({ key, overrides });
  };

  return {
    columns: columns.filter(isShown),
    options: columns
      .filter((column) => column.optional !== undefined)
      .map((column) => ({ id: column.id, label: columnLabel(column), shown: isShown(column) })),
    setShown: (id, shown) => {
      const column = columns.find((candidate) => candidate.id === id);
      if (!column) return;
      const others = Object.fromEntries(
        Object.entries(current.overrides).filter(([other]) => other !== id),
      );
      update(shown === shownByDefault(column) ? others : { ...others, [id]: shown });
    },
    reset: () => update({}),
  };
}

/** The Columns button and its menu of optional columns, each a checkbox item. */
export function ColumnChooser({ choice }: { choice: Omit<ColumnChoice<unknown>, 'columns'> }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  if (choice.options.length === 0) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <LazyMenu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Columns', dense: true } }}
      >
        {choice.options.map((option) => (
          <LazyMenuItem
            key={option.id}
            role="menuitemcheckbox"
            aria-checked={option.shown}
            onClick={() => choice.setShown(option.id, !option.shown)}
          >
            {/* An icon, not a checkbox: the item itself is the checkbox (aria-checked). */}
            <ListItemIcon sx={{ color: option.shown ? 'primary.main' : undefined }}>
              {option.shown ? (
                <CheckBox fontSize="small" />
              ) : (
                <CheckBoxOutlineBlank fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{option.label}</ListItemText>
          </LazyMenuItem>
        ))}
        <Divider />
        <LazyMenuItem
          onClick={() => {
            choice.reset();
            setAnchor(null);
          }}
        >
          Reset to default
        </LazyMenuItem>
      </LazyMenu>
    </>
  );
}
