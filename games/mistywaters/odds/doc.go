// Package odds is the exact-odds engine of Misty Waters battles: every roll
// of a whole Broadside or Boarding Battle counted by the rules of package
// mistywaters (the resolver), with bosun's stated placement and re-roll
// policies, as exact integer counts over powers of 6.
//
//		od, err := odds.BroadsideOdds(att, def, o) // exact: od.DefenderDefeated.Exact == "175/256"
//
//	  - BroadsideOdds / BoardingOdds (att, def, opts) (*Odds, error): exact
//	    distributions (shown as "7/16" and a float), P(each side defeated),
//	    expected losses, and Odds.Percentile for the luck of an actual result.
//	  - BroadsideOddsTop: the most likely Broadside outcomes only, for sizes
//	    whose full table is too long to print.
//	  - BattleLuck / BroadsideLuck / BoardingLuck: the luck percentile of an
//	    actual result without the whole distribution.
//
// The engine reads the resolver's own rule pieces (mistywaters.Classify,
// DuelRules, BestPlaceInto, EndBoarding...), never a copy of them, and its
// tests check it against the resolver roll by roll.
package odds
