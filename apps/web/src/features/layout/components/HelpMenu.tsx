import { API_DOCS_PATH, COMMUNITY_CHAT_URL } from '../../../lib/constants.ts';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useConfig } from '../../session/hooks/useInstance.ts';
import { tCommon } from '../../../i18n/common.ts';

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
      label: tCommon('shell.documentation'),
      icon: 'pi pi-book',
      url: docsUrl,
      target: '_blank',
      disabled: !docsUrl,
    },
    {
      label: tCommon('shell.communityChat'),
      icon: 'pi pi-comments',
      url: COMMUNITY_CHAT_URL,
      target: '_blank',
    },
    { label: tCommon('shell.apiReference'), icon: 'pi pi-code', url: API_DOCS_PATH, target: '_blank' },
    ...extraItems,
  ];

  return (
    <>
      <Button
        icon="pi pi-question-circle"
        rounded
        text
        severity="secondary"
        aria-label={tCommon('shell.help')}
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
