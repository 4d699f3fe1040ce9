import { Select } from 'antd';
import { ResourcePage, findDeclaration, type CustomInput } from '../../resources';
import { useScope } from '../../shared/session';
import { SPECIALTIES_PLACEHOLDER } from './texts';

const EXPERTS = findDeclaration('experts');

/** Specialties are typed freely (the automatic assignment prefers an expert whose specialty names the work's creation type). */
const specialties: CustomInput = { render: () => <Select mode="tags" placeholder={SPECIALTIES_PLACEHOLDER} tokenSeparators={[',', '，', '、']} open={false} /> };

/**
 * 评审专家 (`review/adminExpertAdmin`, `/v1/{org}/expert`): experts with their own sign-in
 * account; the unit decides conflicts (an expert never judges a work of the same unit).
 */
export default function AdminExpertAdminPage() {
  const { scope } = useScope();
  return <ResourcePage def={EXPERTS} org={scope} inputs={{ specialties }} />;
}
