// Published counts, shown only where the page does not count itself, and always marked as
// known rather than computed. Index n; both sequences end at n = 27, the largest board
// anyone has counted (Preußer and Engelhardt, 2016).

/** OEIS A000170: the solutions of n queens. https://oeis.org/A000170 */
export const A000170 = [
  "1", "1", "0", "0", "2", "10", "4", "40", "92", "352", "724", "2680", "14200", "73712",
  "365596", "2279184", "14772512", "95815104", "666090624", "4968057848", "39029188884",
  "314666222712", "2691008701644", "24233937684440", "227514171973736", "2207893435808352",
  "22317699616364044", "234907967154122528",
];

/** OEIS A002562: the solutions up to rotation and reflection. https://oeis.org/A002562 */
export const A002562 = [
  "1", "1", "0", "0", "1", "2", "1", "6", "12", "46", "92", "341", "1787", "9233", "45752",
  "285053", "1846955", "11977939", "83263591", "621012754", "4878666808", "39333324973",
  "336376244042", "3029242658210", "28439272956934", "275986683743434", "2789712466510289",
  "29363495934315694",
];
