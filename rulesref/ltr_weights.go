package rulesref

// ltrWeights are the learned reranker's weights, one per feature (see
// ltr.go); none: the hand-tuned ranking is kept.
var ltrWeights []float64
