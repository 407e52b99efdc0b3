import { redirect } from 'next/navigation';
import { AFTER_SIGN_IN } from '../lib/next-path';

export default function Home() {
  redirect(AFTER_SIGN_IN);
}
