import { describe, expect, it } from 'vitest'
import { FAQS, filterFaqs, HELP_TOPICS } from './faq'

const entries = [
  { topic: 'account', question: 'Can I change my ROLE?', answer: 'Contact support.' },
  { topic: 'donations', question: 'How do I donate?', answer: 'Press Donate and follow  the steps.' },
  { topic: 'safety', question: 'ආහාර සුරක්ෂිතද?', answer: 'ශීතකරණයේ තබන්න.' },
]

describe('filterFaqs', () => {
  it('matches the question or the answer, ignoring case and extra spaces', () => {
    expect(filterFaqs(entries, 'role', 'all', 'en-LK')).toEqual([entries[0]])
    expect(filterFaqs(entries, 'SUPPORT', 'all', 'en-LK')).toEqual([entries[0]])
    expect(filterFaqs(entries, '  follow the ', 'all', 'en-LK')).toEqual([entries[1]])
    expect(filterFaqs(entries, 'ශීතකරණ', 'all', 'si-LK')).toEqual([entries[2]])
  })

  it('keeps only the chosen topic, and everything for an empty search', () => {
    expect(filterFaqs(entries, '', 'all', 'en-LK')).toEqual(entries)
    expect(filterFaqs(entries, '', 'donations', 'en-LK')).toEqual([entries[1]])
    expect(filterFaqs(entries, 'role', 'donations', 'en-LK')).toEqual([])
  })

  it('has 8 questions, each in a topic with a filter button, with unique ids', () => {
    expect(FAQS).toHaveLength(8)
    const topics = HELP_TOPICS.map((topic) => topic.id)
    for (const faq of FAQS) expect(topics).toContain(faq.topic)
    expect(new Set(FAQS.map((faq) => faq.id)).size).toBe(8)
    // Every topic but 'all' has at least one question.
    expect(new Set(FAQS.map((faq) => faq.topic)).size).toBe(topics.length - 1)
  })
})
