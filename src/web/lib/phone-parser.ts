import { useEffect } from 'react'

/**
 * Loads the phone number parser (src/shared/phone-parser.ts) when a form with a phone field opens,
 * so the shared phone schema checks the number as the server will; the first visit's JavaScript
 * does not carry it (docs/decisions/0060-phone-numbers.md).
 */
export function usePhoneParser() {
  useEffect(() => {
    void import('../../shared/phone-parser')
  }, [])
}
