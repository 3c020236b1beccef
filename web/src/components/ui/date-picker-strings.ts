/** The date picker's strings: loaded with the calendar, the first time a date field opens it. */
export const datePickerStrings = {
  en: {
    datePicker: {
      title: 'Choose a date',
      previousMonth: 'Previous month',
      nextMonth: 'Next month',
      close: 'Close',
      bsNote: 'The small numbers are the Bikram Sambat (BS) dates.',
      dayName: '{{ad}} (BS {{bs}})',
    },
  },
  ne: {
    datePicker: {
      title: 'मिति छान्नुहोस्',
      previousMonth: 'अघिल्लो महिना',
      nextMonth: 'अर्को महिना',
      close: 'बन्द गर्नुहोस्',
      bsNote: 'साना अङ्कहरू विक्रम संवत् (वि.सं.) का गते हुन्।',
      dayName: '{{ad}} (वि.सं. {{bs}})',
    },
  },
};
