/** The help center's topics, 'all' first. */
export const HELP_TOPICS = [
  { id: 'all', label: 'help.categories.all' },
  { id: 'getting-started', label: 'help.categories.gettingStarted' },
  { id: 'donations', label: 'help.categories.donations' },
  { id: 'safety', label: 'help.categories.safety' },
  { id: 'account', label: 'help.categories.account' },
  { id: 'troubleshooting', label: 'help.categories.troubleshooting' },
] as const
export type HelpTopic = (typeof HELP_TOPICS)[number]['id']

export type Faq = { id: string; topic: Exclude<HelpTopic, 'all'>; question: string; answer: string }

/** The 8 questions; question and answer are catalog keys. */
export const FAQS: Faq[] = [
  {
    id: 'what-is-ahara',
    topic: 'getting-started',
    question: 'help.faq.whatIsAhara.question',
    answer: 'help.faq.whatIsAhara.answer',
  },
  {
    id: 'claim-food',
    topic: 'getting-started',
    question: 'help.faq.claimFood.question',
    answer: 'help.faq.claimFood.answer',
  },
  {
    id: 'donate-food',
    topic: 'donations',
    question: 'help.faq.donateFood.question',
    answer: 'help.faq.donateFood.answer',
  },
  {
    id: 'free-or-half-price',
    topic: 'donations',
    question: 'help.faq.freeOrHalfPrice.question',
    answer: 'help.faq.freeOrHalfPrice.answer',
  },
  {
    id: 'safe-food',
    topic: 'safety',
    question: 'help.faq.safeFood.question',
    answer: 'help.faq.safeFood.answer',
  },
  {
    id: 'unsafe-food',
    topic: 'safety',
    question: 'help.faq.unsafeFood.question',
    answer: 'help.faq.unsafeFood.answer',
  },
  {
    id: 'change-role',
    topic: 'account',
    question: 'help.faq.changeRole.question',
    answer: 'help.faq.changeRole.answer',
  },
  {
    id: 'cannot-sign-in',
    topic: 'troubleshooting',
    question: 'help.faq.cannotSignIn.question',
    answer: 'help.faq.cannotSignIn.answer',
  },
]

/**
 * The entries of a topic whose question or answer, in the reader's language, contains the search
 * text, ignoring case and runs of spaces.
 */
export function filterFaqs<T extends { topic: string; question: string; answer: string }>(
  entries: T[],
  query: string,
  topic: HelpTopic,
  locale: string,
): T[] {
  const normalize = (text: string) => text.toLocaleLowerCase(locale).replace(/\s+/g, ' ')
  const needle = normalize(query.trim())
  return entries.filter(
    (entry) =>
      (topic === 'all' || entry.topic === topic) &&
      (needle === '' ||
        normalize(entry.question).includes(needle) ||
        normalize(entry.answer).includes(needle)),
  )
}
