import { Navigate, Outlet } from 'react-router';
import { AdminNav } from '../features/admin/components/AdminNav.tsx';
import { ADMIN_USERS_PATH } from '../lib/paths.ts';
import { tAdmin } from '../i18n/admin.ts';

/** /admin — superusers only: the panel's title and sub-navigation above the chosen section. */
export function AdminPage() {
  return (
    <div className="page admin-page">
      <header className="page__header">
        <h1 className="page__title">{tAdmin('panel.title')}</h1>
        <p className="page__subtitle">{tAdmin('panel.subtitle')}</p>
      </header>
      <AdminNav />
      <Outlet />
    </div>
  );
}

/** /admin itself opens the users. */
export function AdminIndexRedirect() {
  return <Navigate to={ADMIN_USERS_PATH} replace />;
}
