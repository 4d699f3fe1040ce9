import { lazy, Suspense, useState } from 'react';
import { Button, Spin } from 'antd';
import { findDeclaration, ResourcePage, type CustomInput, type Row } from '../../resources';
import { useScope } from '../../shared/session';
import * as T from './texts';

// The editor loads with the form, the review dialog when first opened.
const SignupFields = lazy(() => import('./SignupFieldsInput').then((m) => ({ default: m.SignupFieldsInput })));
const ReviewDialog = lazy(() => import('./ReviewDialog'));

/** Form.Item hands value and onChange to its child: this wrapper passes them on to the lazy editor. */
function LazySignupFields(props: Record<string, unknown>) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <SignupFields {...props} />
    </Suspense>
  );
}
export const SIGNUP_FIELDS_INPUT: Record<string, CustomInput> = { 'config.signup_fields': { render: () => <LazySignupFields /> } };

/**
 * 线下活动 (`adminAct/adminOffline`, resource `offline`) and 系列线下活动 (`adminAct/adminOfflines`,
 * `offlines`): the declared list and form (settings in groups, the sign-up fields editor), and a
 * row's 活动回顾 (review materials of the whole activity).
 */
export function OfflineActivitiesPage({ resource }: { resource: 'offline' | 'offlines' }) {
  const { scope: org } = useScope();
  const [review, setReview] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage
        def={findDeclaration(resource)}
        org={org}
        inputs={SIGNUP_FIELDS_INPUT}
        rowActions={[
          ({ row }) => (
            <Button size="small" type="link" onClick={() => setReview(row)}>
              {T.REVIEW}
            </Button>
          ),
        ]}
      />
      {review && (
        <Suspense fallback={null}>
          <ReviewDialog org={org} act={review.id as number} title={String(review.title ?? '')} onClose={() => setReview(null)} />
        </Suspense>
      )}
    </>
  );
}

export default function OfflinePage() {
  return <OfflineActivitiesPage resource="offline" />;
}
