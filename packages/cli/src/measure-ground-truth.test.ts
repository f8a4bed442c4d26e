import { describe, expect, it } from 'vitest';
import {
  collectGroundTruthArguments,
  measureGroundTruthVisibility,
} from './measure-ground-truth';

const expectedActions = [
  {
    name: 'book_reservation',
    kwargs: {
      user_id: 'mia_li_3668',
      cabin: 'economy',
      flights: [{ flight_number: 'HAT136', date: '2024-05-20' }],
      payment_methods: [{ payment_id: 'certificate_7504069', amount: 250 }],
      total_baggages: 3,
      insurance: 'no',
    },
  },
  { name: 'cancel_reservation', arguments: { reservation_id: 'ZFA04Y' } },
];

describe('collectGroundTruthArguments', () => {
  it('should flatten the argument values, leaving out short values, small numbers and keys', () => {
    expect(collectGroundTruthArguments(expectedActions)).toEqual([
      'mia_li_3668',
      'economy',
      'HAT136',
      '2024-05-20',
      'certificate_7504069',
      '250',
      'ZFA04Y',
    ]);
    expect(collectGroundTruthArguments(undefined)).toEqual([]);
  });
});

describe('measureGroundTruthVisibility', () => {
  it('should count mentioned arguments outside the system prompt and those the context shows', () => {
    expect(
      measureGroundTruthVisibility({
        arguments: collectGroundTruthArguments(expectedActions),
        earlierText:
          'user mia_li_3668 wants HAT136 on 2024-05-20 in economy, paid with certificate_7504069 ($250)',
        alwaysVisibleText: 'Cabins: basic_economy, economy, business.',
        managedText:
          'Summary: booking for mia_li_3668 on HAT136.\nFacts kept verbatim — ids: certificate_7504069, 2024-05-20',
        managedTextWithoutLists:
          'Summary: booking for mia_li_3668 on HAT136.\n',
      }),
    ).toEqual({ earlier: 5, visible: 4, visibleWithoutLists: 2 });
  });
});
