import { DASHBOARD_TEXTS } from '@waymark/contract';
import { TipBox } from '../../../ui/TipBox.tsx';
import { ClosableElement } from '../../layout/components/ClosableElement.tsx';

export const PLUGIN_TIP_ID = 'dashboard-plugin-tip';

/** A closable hint recommending the desktop plugin, the preferred way to upload data (SPEC §1). */
export function PluginTip() {
  return (
    <ClosableElement id={PLUGIN_TIP_ID}>
      {(close) => <TipBox onClose={close}>{DASHBOARD_TEXTS.pluginTip}</TipBox>}
    </ClosableElement>
  );
}
