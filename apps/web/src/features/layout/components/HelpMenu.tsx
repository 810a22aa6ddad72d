import { API_DOCS_PATH, COMMUNITY_CHAT_URL, SHELL_TEXTS } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useConfig } from '../../session/hooks/useInstance.ts';

interface HelpMenuProps {
  /** Extra entries appended after the built-in ones. */
  extraItems?: MenuItem[];
}

/** Help menu of the header: documentation, community chat and extra entries (SPEC §2). */
export function HelpMenu({ extraItems = [] }: HelpMenuProps) {
  const menuRef = useRef<Menu>(null);
  const docsUrl = useConfig()?.docs_url;

  const items: MenuItem[] = [
    {
      label: SHELL_TEXTS.documentation,
      icon: 'pi pi-book',
      url: docsUrl,
      target: '_blank',
      disabled: !docsUrl,
    },
    { label: SHELL_TEXTS.communityChat, icon: 'pi pi-comments', url: COMMUNITY_CHAT_URL, target: '_blank' },
    { label: SHELL_TEXTS.apiReference, icon: 'pi pi-code', url: API_DOCS_PATH, target: '_blank' },
    ...extraItems,
  ];

  return (
    <>
      <Button
        icon="pi pi-question-circle"
        rounded
        text
        severity="secondary"
        aria-label={SHELL_TEXTS.help}
        aria-haspopup="true"
        aria-controls="help-menu"
        onClick={(event) => menuRef.current?.toggle(event)}
        data-testid="help-menu-button"
        className="app-header__icon-button"
      />
      <Menu ref={menuRef} model={items} popup popupAlignment="right" id="help-menu" className="help-menu" />
    </>
  );
}
