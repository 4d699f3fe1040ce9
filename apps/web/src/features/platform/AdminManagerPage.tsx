import { useScope } from '../../shared/session';
import { ManagersTable } from './ManagersTable';

/** /{org}/adminManager: the organisation's own administrators. */
export default function AdminManagerPage() {
  const { scope } = useScope();
  return <ManagersTable org={scope} />;
}
