import { TipBox } from '../../../ui/TipBox.tsx';
import { ClosableElement } from '../../layout/components/ClosableElement.tsx';
import { tCommon } from '../../../i18n/common.ts';

export const PLUGIN_TIP_ID = 'dashboard-plugin-tip';

/** A closable hint recommending the desktop plugin, the preferred way to upload data (SPEC §1). */
export function PluginTip() {
  return (
    <ClosableElement id={PLUGIN_TIP_ID}>
      {(close) => <TipBox onClose={close}>{tCommon('dashboard.pluginTip')}</TipBox>}
    </ClosableElement>
  );
}
