import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { tAdmin } from '../../../i18n/admin.ts';

interface RowActionsMenuProps {
  /** What the row is called, for the button's accessible name ('Actions for …'). */
  name: string;
  items: MenuItem[];
  testId: string;
}

/** The ⋮ button of an admin table's row and its popup menu: a row's actions take one narrow column. */
export function RowActionsMenu({ name, items, testId }: RowActionsMenuProps) {
  const menu = useRef<Menu>(null);
  return (
    <>
      <Menu model={items} popup ref={menu} className="admin-menu" data-testid={`${testId}-menu`} />
      <Button
        icon="pi pi-ellipsis-v"
        rounded
        text
        severity="secondary"
        aria-label={tAdmin('panel.actionsOf', { name })}
        aria-haspopup="menu"
        onClick={(event) => menu.current?.toggle(event)}
        data-testid={testId}
      />
    </>
  );
}
