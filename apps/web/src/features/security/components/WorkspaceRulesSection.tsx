import { InputSwitch } from 'primereact/inputswitch';
import { notify } from '../../../lib/notifications.ts';
import { tSecurity } from '../../../i18n/security.ts';
import { useSetWorkspaceRule, useWorkspaceRules } from '../hooks/useSecurity.ts';

/** For workspace admins: whether each workspace they administer requires two-factor sign-in of its members. */
export function WorkspaceRulesSection({
  isReadOnly,
  isTwoFactorOn,
}: {
  isReadOnly: boolean;
  isTwoFactorOn: boolean;
}) {
  const rules = useWorkspaceRules();
  const setRule = useSetWorkspaceRule();
  if (!rules.data || rules.data.length === 0) return null;
  return (
    <div className="setting-row security-rules" data-testid="workspace-rules">
      <span className="setting-row__icon" aria-hidden="true">
        <i className="pi pi-users" />
      </span>
      <div className="setting-row__text">
        <p className="setting-row__title">{tSecurity('workspaces.title')}</p>
        <p className="setting-row__description">{tSecurity('workspaces.hint')}</p>
        <ul className="security-rules__list">
          {rules.data.map((rule) => (
            <li key={rule.id} className="security-rules__item">
              <label htmlFor={`workspace-rule-${rule.id}`} className="security-rules__name">
                {rule.name}
              </label>
              <InputSwitch
                inputId={`workspace-rule-${rule.id}`}
                checked={rule.require_two_factor}
                // Requiring it needs one's own two-factor first (the server says so too).
                disabled={isReadOnly || setRule.isPending || (!rule.require_two_factor && !isTwoFactorOn)}
                aria-label={tSecurity('workspaces.switchLabel', { workspace: rule.name })}
                onChange={(event) =>
                  setRule.mutate(
                    { id: rule.id, required: event.value },
                    {
                      onSuccess: (saved) =>
                        notify.success(
                          tSecurity(
                            saved.require_two_factor ? 'workspaces.required' : 'workspaces.notRequired',
                            {
                              workspace: saved.name,
                            },
                          ),
                        ),
                    },
                  )
                }
                data-testid={`workspace-rule-${rule.name}`}
                pt={{ root: { role: 'presentation', 'aria-checked': undefined } }}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
