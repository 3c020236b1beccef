/** The ticket status badge's strings: loaded with My Tickets and the booking page, not the home. */
export const ticketStatusStrings = {
  en: {
    ticketStatus: {
      valid: 'Valid',
      refunded: 'Refunded',
      cancelled: 'Cancelled',
      void: 'Void',
      exchanged: 'Exchanged',
      notValid: 'Not valid for travel',
      pdf: 'E-ticket (PDF)',
      tickets: 'Tickets',
    },
  },
  ne: {
    ticketStatus: {
      valid: 'मान्य',
      refunded: 'फिर्ता भएको',
      cancelled: 'रद्द भएको',
      void: 'अमान्य',
      exchanged: 'साटिएको',
      notValid: 'यात्राका लागि मान्य छैन',
      pdf: 'ई-टिकट (PDF)',
      tickets: 'टिकटहरू',
    },
  },
};
