import type { staffEn } from './staff-en';

/** The staff page's Nepali strings. */
export const staffNe: typeof staffEn = {
  title: 'कर्मचारी',
  intro:
    'यो कन्सोलमा काम गर्ने मानिसहरू, प्रत्येकको आफ्नो भूमिका। इमेलबाट निम्तो पठाउनुहोस्: लिङ्क उहाँलाई मात्र पुग्छ, एक पटक चल्छ र आफ्नो पासवर्ड छान्न दिन्छ।',
  roles: { owner: 'मालिक', finance: 'वित्त', sales: 'बिक्री', support: 'सहायता', viewer: 'दर्शक' },
  roleHelp: {
    owner: 'सबै कुरा, ब्रान्ड सेटिङ, भुक्तानी गेटवे, साझेदार एप र कर्मचारी समेत',
    finance: 'वालेट, क्रेडिट सीमा, हिसाब मिलान, फिर्ता, बीजक र प्रतिवेदन',
    sales: 'बुकिङ, एजेन्ट र उनीहरूको कमिसन; पैसाको कारोबार होइन',
    support: 'बुकिङ हेर्ने, कागजात फेरि पठाउने, यात्रुको अनुरोधमा रद्द गर्ने',
    viewer: 'हेर्ने मात्र, केही बदल्दैन',
  },
  inviteTitle: 'कर्मचारीलाई निम्तो',
  email: 'इमेल',
  role: 'भूमिका',
  roleOf: '{{name}} को भूमिका',
  invite: 'निम्तो पठाउनुहोस्',
  invited: '{{email}} मा निम्तो इमेल गरियो।',
  members: 'कन्सोल प्रयोगकर्ता',
  name: 'नाम',
  status: 'पहुँच',
  you: 'तपाईं',
  active: 'सक्रिय',
  revoked: 'पहुँच हटाइयो',
  revoke: 'पहुँच हटाउनुहोस्',
  confirmRevoke: '{{name}} को पहुँच हटाउने? उहाँका सत्रहरू तुरुन्तै सकिन्छन्।',
  revokedToast: '{{name}} को अब पहुँच छैन।',
  roleChanged: '{{name}} को भूमिका बदलियो।',
  invitations: 'निम्ताहरू',
  noInvitations: 'अहिलेसम्म कुनै निम्तो छैन।',
  invitationStatus: {
    pending: 'पर्खिँदै',
    accepted: 'स्वीकार गरियो',
    withdrawn: 'फिर्ता लिइयो',
    expired: 'म्याद सकियो',
  },
};
