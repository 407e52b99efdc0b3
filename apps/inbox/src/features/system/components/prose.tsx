import { Fragment } from 'react';

/** A declaration's description, its `backticked` names shown as code rather than as backticks. */
export function Prose({ text }: { text: string }) {
  return <>{text.split(/`([^`]+)`/).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}</>;
}
