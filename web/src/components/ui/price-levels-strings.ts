/**
 * The price breakdown's strings (docs/accounts.md#sub-agents): loaded with the booking pages that show it.
 */
export const priceLevelsStrings = {
  en: {
    priceLevels: {
      title: 'Who earns what',
      travellerPays: 'The traveller pays',
      agencyCharged: 'The agent is charged',
      roles: { agent: 'Agent', master_agent: 'Master agent', sub_agent: 'Sub-agent' },
      level:
        '{{role}} {{name}}: charges {{charges}}, pays {{pays}}, earns {{earns}} (commission {{commission}}, markup {{markup}})',
      sumAgency:
        '{{agency}} paid by the agent to the agency + {{earnings}} earned = {{total}} paid by the traveller',
      sumAbove: '{{pays}} paid to the master agent + {{earnings}} earned = {{total}} paid by the traveller',
    },
  },
  ne: {
    priceLevels: {
      title: 'कसले कति कमाउँछ',
      travellerPays: 'यात्रुले तिर्ने',
      agencyCharged: 'एजेन्टलाई लाग्ने',
      roles: { agent: 'एजेन्ट', master_agent: 'मास्टर एजेन्ट', sub_agent: 'सब-एजेन्ट' },
      level:
        '{{role}} {{name}}: लिने {{charges}}, तिर्ने {{pays}}, कमाइ {{earns}} (कमिसन {{commission}}, मार्कअप {{markup}})',
      sumAgency: 'एजेन्टले एजेन्सीलाई तिर्ने {{agency}} + कमाइ {{earnings}} = यात्रुले तिर्ने {{total}}',
      sumAbove: 'मास्टर एजेन्टलाई {{pays}} + कमाइ {{earnings}} = यात्रुले तिर्ने {{total}}',
    },
  },
};
