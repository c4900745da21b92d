/**
 * The places whose e-mail address an earlier place already has (in any case): each person claims
 * their place with their own address, and two places with one address are a typo more often than a
 * shared mailbox.
 */
export function repeatedEmails(participants: readonly { email: string }[]): number[] {
  const seen = new Set<string>();
  return participants.flatMap(({ email }, index) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return [index];
    seen.add(key);
    return [];
  });
}
