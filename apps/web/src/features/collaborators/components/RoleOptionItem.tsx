/** One role of a role picker: its label and what it lets the member do (SPEC §3 role options). */
export function RoleOptionItem({ option }: { option: { label: string; description: string } }) {
  return (
    <span className="role-option">
      <span className="role-option__label">{option.label}</span>
      <span className="role-option__description">{option.description}</span>
    </span>
  );
}
