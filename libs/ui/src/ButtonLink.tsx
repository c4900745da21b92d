import { Link, type LinkProps } from 'react-router-dom';

/** A link that looks like a button (the screen styles' `.button`): a main action, or a `secondary` one beside it. */
export function ButtonLink({ secondary = false, ...link }: Omit<LinkProps, 'className'> & { secondary?: boolean }) {
  return <Link {...link} className={secondary ? 'button button-secondary' : 'button'} />;
}
