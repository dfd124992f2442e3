import { Link } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';

/** The Pre-admission Support Desk's address from the context, as a mail link. */
export function SupportEmailLink() {
  const { supportEmail } = useAccount();
  return <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>;
}
