import { Link } from 'react-router';
import { Button, List } from 'antd-mobile';
import { useReaderRead, useReaderSession } from './reader';
import { H5Page } from './H5Page';
import { H5_TEXTS as T } from './texts';

interface Profile {
  account: string;
  real_name: string;
  phone: string;
  unit: string;
}

/** My profile (`GET /client/me`) and signing out. */
export function MePage() {
  const { org, signOut } = useReaderSession();
  const { data, error } = useReaderRead<Profile>('/me');
  return (
    <H5Page title={T.profile} testId="h5-me" error={error} loading={!data}>
      {data && (
        <List className="h5-panel">
          <List.Item extra={data.real_name}>{T.realName}</List.Item>
          <List.Item extra={data.account}>{T.account}</List.Item>
          {data.phone && <List.Item extra={data.phone}>{T.phone}</List.Item>}
          {data.unit && <List.Item extra={data.unit}>{T.unit}</List.Item>}
        </List>
      )}
      <nav className="h5-panel" aria-label={T.me}>
        <Link className="h5-link" to={`/${org}/h5/redpack`}>
          {T.myRedpacks}
        </Link>
      </nav>
      <Button block size="large" onClick={signOut}>
        {T.signOut}
      </Button>
    </H5Page>
  );
}
