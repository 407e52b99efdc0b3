import { redirect } from 'next/navigation';
import { workHref } from '@/lib/work-kinds';

export default function WorkIndex() {
  redirect(workHref('stuck_sending'));
}
