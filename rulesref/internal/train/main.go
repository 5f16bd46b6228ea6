// Command train fits the rules search's learned reranker (rulesref/ltr.go)
// on the development set and, with -write, writes its weights to
// rulesref/ltr_weights.go. Run it from the module root:
//
//	go run ./rulesref/internal/train            # report only
//	go run ./rulesref/internal/train -write     # refit rulesref/ltr_weights.go
//
// It reads only the dev set (rulesref/testdata/devset.yaml) and its floors
// (rulesref/testdata/devfloors.yaml). For each batch of questions it
// reports the hand-tuned ranking, the shipped weights, the old recipe
// cross-validated, and for each L2 penalty the cross-validation by batch
// (each batch ranked by a model fitted on the other batches); it then
// chooses the penalty with the best cross-validated top-1 + top-3 among
// those whose model, fitted on every batch, keeps every batch's floor.
// Batch v9 (written after the v8 engine was frozen) is never fitted on.
//
// Flags: -lambda fits one penalty only, -iters the optimiser's steps
// (400), -pool the number of hits the reranker reorders (rerankTop),
// -prior "a,b" the raw weights of the log score and the inverse rank the
// fit starts from and is pulled towards (1,3), -old-lambda the old
// recipe's penalty (0.01), -show prints the questions a model misses at
// the top. A refit is needed after any change to an earlier search stage
// or to a feature; `go test ./rulesref/` (TestDevSet, TestLTRWeights)
// catches a stale model. It was a skipped test (TestTrainRanker) before.
package main

import (
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/rulesref"
	"gopkg.in/yaml.v3"
)

// ltrSets are the batches the reranker is fitted on; batch v9, written
// after the v8 engine was frozen, is left out as a check.
var ltrSets = []string{"v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"}

// ltrOldSets are the batches the shipped weights (ltr_weights.go before
// v8) were fitted on; the old recipe's cross-validation fits on these
// only, so v8 is new to it in every fold.
var ltrOldSets = map[string]bool{"v1": true, "v2": true, "v3": true, "v4": true, "v5": true, "v6": true, "v7": true}

// ltrPrior: the raw weights of the log score and the inverse rank the
// fit starts from and is pulled towards (-prior "a,b").
var ltrPrior = [2]float64{1, 3}

// featNames name the reranker's features; nFeat is their number.
var (
	featNames = rulesref.TrainFeatures()
	nFeat     = len(featNames)
)

func main() {
	devset := flag.String("devset", "rulesref/testdata/devset.yaml", "the dev set")
	floorsPath := flag.String("floors", "rulesref/testdata/devfloors.yaml", "the dev set's floors per batch")
	out := flag.String("out", "rulesref/ltr_weights.go", "where -write writes the weights")
	write := flag.Bool("write", false, "write the chosen weights to -out")
	pool := flag.Int("pool", 0, "hits the reranker reorders (0: rerankTop as shipped)")
	prior := flag.String("prior", "", `the fit's prior "a,b": raw weights of the log score and the inverse rank (default "1,3")`)
	iters := flag.Int("iters", 400, "optimiser steps per fit")
	lambda := flag.Float64("lambda", 0, "fit this L2 penalty only (0: try 0.003 ... 1 and 1e6)")
	oldL := flag.Float64("old-lambda", 0.01, "the old recipe's L2 penalty")
	show := flag.Bool("show", false, "print each question a cross-validated model misses at the top")
	conv := flag.String("convert", "", "print this raw batch (file or directory, snippet format) as dev-set entries of batch -set, and stop")
	convSet := flag.String("set", "", "the batch name -convert gives its questions (v11)")
	flag.Parse()
	if *conv != "" {
		if *convSet == "" {
			fmt.Fprintln(os.Stderr, "train: -convert needs -set NAME (accepted: a batch name such as v11)")
			os.Exit(2)
		}
		if err := convert(*conv, *convSet); err != nil {
			fmt.Fprintln(os.Stderr, "train:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*devset, *floorsPath, *out, *write, *pool, *prior, *iters, *lambda, *oldL, *show); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

func run(devset, floorsPath, out string, write bool, pool int, prior string, iters int, lambda, oldL float64, show bool) error {
	if prior != "" {
		p := strings.Split(prior, ",")
		if len(p) != 2 {
			return fmt.Errorf("-prior %q: accepted: two numbers a,b", prior)
		}
		for i := range p {
			v, err := strconv.ParseFloat(strings.TrimSpace(p[i]), 64)
			if err != nil {
				return fmt.Errorf("-prior %q: accepted: two numbers a,b", prior)
			}
			ltrPrior[i] = v
		}
	}
	var dev []rulesref.TrainQuestion
	if err := readYAML(devset, &dev); err != nil {
		return err
	}
	var devFloors map[string][2]float64
	if err := readYAML(floorsPath, &devFloors); err != nil {
		return err
	}
	for _, s := range ltrSets {
		f, ok := devFloors[strings.TrimPrefix(s, "v1")]
		if !ok || f[0] <= 0 || f[0] > f[1] || f[1] > 1 {
			return fmt.Errorf("%s: batch %s needs a floor [top-1, top-3] with 0 < top-1 <= top-3 <= 1", floorsPath, s)
		}
	}
	qs := ltrData(dev, pool)
	lambdas := []float64{0.003, 0.01, 0.03, 0.1, 0.3, 1, 1e6}
	if lambda != 0 {
		lambdas = []float64{lambda}
	}
	// the hand-tuned ranking
	base := map[string]*ltrTally{}
	var baseAll ltrTally
	for _, s := range ltrSets {
		base[s] = &ltrTally{}
	}
	oracle := 0
	for _, q := range qs {
		a, b := ltrEval(q, nil)
		base[q.Set].add(a, b)
		baseAll.add(a, b)
		for _, r := range q.Rel {
			if r {
				oracle++
				break
			}
		}
	}
	logf("candidates hold an answer for %d of %d questions", oracle, len(qs))
	// the weights shipped now, on every batch (training data for the
	// batches they were fitted on), and the old recipe cross-validated:
	// each batch ranked by a model fitted (penalty -old-lambda) on the old
	// batches other than it
	{
		shipped := rulesref.TrainShippedWeights()
		cur := map[string]*ltrTally{}
		ocv := map[string]*ltrTally{}
		var curAll, ocvAll ltrTally
		for _, held := range ltrSets {
			cur[held], ocv[held] = &ltrTally{}, &ltrTally{}
			var train []rulesref.TrainQuery
			for _, q := range qs {
				if q.Set != held && ltrOldSets[q.Set] {
					train = append(train, q)
				}
			}
			w := ltrFit(train, oldL, iters)
			for _, q := range qs {
				if q.Set == held {
					a, b := ltrEval(q, shipped)
					cur[held].add(a, b)
					curAll.add(a, b)
					a, b = ltrEval(q, w)
					ocv[held].add(a, b)
					ocvAll.add(a, b)
				}
			}
		}
		logf("shipped weights | old recipe (lambda %g, old batches only) cross-validated:", oldL)
		for _, s := range ltrSets {
			logf("  %s (%3d): %s | %s", s, cur[s].n, cur[s], ocv[s])
		}
		logf("  all (%d): %s | %s", curAll.n, curAll, ocvAll)
	}
	bestL, bestV := 0.0, -1.0
	var bestW []float64
	for _, l := range lambdas {
		cv := map[string]*ltrTally{}
		var all ltrTally
		for _, held := range ltrSets {
			var train []rulesref.TrainQuery
			for _, q := range qs {
				if q.Set != held {
					train = append(train, q)
				}
			}
			w := ltrFit(train, l, iters)
			cv[held] = &ltrTally{}
			for _, q := range qs {
				if q.Set == held {
					a, b := ltrEval(q, w)
					if !a && show && len(q.X) > 0 {
						ltrShow(q, w)
					}
					cv[held].add(a, b)
					all.add(a, b)
				}
			}
		}
		logf("lambda %g: cross-validated top-1 / top-3 (hand-tuned in brackets)", l)
		for _, s := range ltrSets {
			logf("  %s (%3d): %s  [%s]", s, cv[s].n, cv[s], base[s])
		}
		logf("  all (%d): %s  [%s]", all.n, all, baseAll)
		// the model fitted on every batch must keep every batch's floor
		// (on its training data)
		w := ltrFit(qs, l, iters)
		fit := map[string]*ltrTally{}
		for _, s := range ltrSets {
			fit[s] = &ltrTally{}
		}
		for _, q := range qs {
			a, b := ltrEval(q, w)
			fit[q.Set].add(a, b)
		}
		ok := true
		var line []string
		for _, s := range ltrSets {
			f := devFloors[strings.TrimPrefix(s, "v1")]
			x := fit[s]
			if float64(x.top1)/float64(x.n) < f[0] || float64(x.top3)/float64(x.n) < f[1] {
				ok = false
			}
			line = append(line, fmt.Sprintf("%s %s", s, x))
		}
		logf("  fitted on every batch: %s; floors kept: %v", strings.Join(line, ", "), ok)
		if v := float64(all.top1 + all.top3); ok && v > bestV {
			bestL, bestV, bestW = l, v, w
		}
	}
	if bestW == nil {
		return fmt.Errorf("no penalty keeps every floor")
	}
	w := bestW
	logf("chosen: lambda %g", bestL)
	for i, v := range w {
		logf("  %-10s %+.4f", featNames[i], v)
	}
	if write {
		var b strings.Builder
		b.WriteString("// Code generated by go run ./rulesref/internal/train -write; DO NOT EDIT.\n\n")
		b.WriteString("package rulesref\n\n")
		fmt.Fprintf(&b, "// ltrWeights are the learned reranker's weights, one per feature (see\n// ltr.go), fitted on the whole dev set with L2 penalty %g.\n", bestL)
		b.WriteString("var ltrWeights = []float64{\n")
		for i, v := range w {
			fmt.Fprintf(&b, "\t%s, // %s\n", strconv.FormatFloat(v, 'g', 6, 64), featNames[i])
		}
		b.WriteString("}\n")
		src, err := format.Source([]byte(b.String()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(out, src, 0o644); err != nil {
			return err
		}
		logf("wrote %s", out)
	}
	return nil
}

func logf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func readYAML(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%w (run from the module root, or name the file with a flag)", err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// ltrData computes the candidates of every dev question of the fitted
// batches with the hand-tuned ranking, as search shows them (the hits
// that may be shown, at most rerankTop, or pool when given).
func ltrData(dev []rulesref.TrainQuestion, pool int) []rulesref.TrainQuery {
	var keep []rulesref.TrainQuestion
	for _, dq := range dev {
		if dq.Set == "" {
			dq.Set = "v1"
		}
		if !slices.Contains(ltrSets, dq.Set) {
			continue // a check batch (v9): never fitted on
		}
		keep = append(keep, dq)
	}
	return rulesref.TrainCandidates(keep, pool)
}

func dot(w, x []float64) float64 {
	var s float64
	for i := range w {
		s += w[i] * x[i]
	}
	return s
}

// ltrEval returns whether the first (top1) and any of the first three
// (top3) candidates ordered by w are relevant (w nil: the hand-tuned
// order).
func ltrEval(lq rulesref.TrainQuery, w []float64) (top1, top3 bool) {
	ord := make([]int, len(lq.X))
	for k := range ord {
		ord[k] = k
	}
	if w != nil {
		s := make([]float64, len(lq.X))
		for k, x := range lq.X {
			s[k] = dot(w, x)
		}
		sort.SliceStable(ord, func(a, b int) bool { return s[ord[a]] > s[ord[b]] })
		ord = rulesref.TrainPinOrder(ord, lq.Pin, lq.After)
	}
	for r, k := range ord {
		if r >= 3 {
			break
		}
		if lq.Rel[k] {
			return r == 0, true
		}
	}
	return false, false
}

// ltrFit fits a linear model by the listwise softmax loss (the
// relevant candidates' share of exp(score)) with L2 penalty lambda, on
// standardised features; it returns weights over the raw features.
func ltrFit(qs []rulesref.TrainQuery, lambda float64, iters int) []float64 {
	// standardise
	mu := make([]float64, nFeat)
	sd := make([]float64, nFeat)
	var n float64
	for _, q := range qs {
		for _, x := range q.X {
			n++
			for i, v := range x {
				mu[i] += v
				sd[i] += v * v
			}
		}
	}
	for i := range mu {
		mu[i] /= n
		sd[i] = math.Sqrt(math.Max(sd[i]/n-mu[i]*mu[i], 0))
		if sd[i] < 1e-9 {
			sd[i] = 0 // constant: unused
		}
	}
	type tq struct {
		zs  [][]float64
		rel []bool
	}
	var train []tq
	for _, q := range qs {
		pos, neg := 0, 0
		for _, r := range q.Rel {
			if r {
				pos++
			} else {
				neg++
			}
		}
		if pos == 0 || neg == 0 {
			continue
		}
		t := tq{rel: q.Rel}
		for _, x := range q.X {
			z := make([]float64, nFeat)
			for i := range x {
				if sd[i] > 0 {
					z[i] = (x[i] - mu[i]) / sd[i]
				}
			}
			t.zs = append(t.zs, z)
		}
		train = append(train, t)
	}
	// the prior, and the start: the hand-tuned order (its log score and
	// its rank); the penalty pulls towards it, not towards zero
	w0 := make([]float64, nFeat)
	w0[rulesref.TrainLnScore] = ltrPrior[0] * sd[rulesref.TrainLnScore]
	w0[rulesref.TrainInvRank] = ltrPrior[1] * sd[rulesref.TrainInvRank]
	w := append([]float64(nil), w0...)
	m := make([]float64, nFeat)
	v := make([]float64, nFeat)
	g := make([]float64, nFeat)
	const lr, b1, b2 = 0.05, 0.9, 0.999
	for it := 1; it <= iters; it++ {
		for i := range g {
			g[i] = lambda * (w[i] - w0[i])
		}
		for _, q := range train {
			s := make([]float64, len(q.zs))
			mx := math.Inf(-1)
			for k, z := range q.zs {
				s[k] = dot(w, z)
				mx = math.Max(mx, s[k])
			}
			var za, zp float64
			for k := range s {
				s[k] = math.Exp(s[k] - mx)
				za += s[k]
				if q.rel[k] {
					zp += s[k]
				}
			}
			// d/dw of -log(zp/za) = E_all[z] - E_pos[z]
			for k, z := range q.zs {
				c := s[k] / za
				if q.rel[k] {
					c -= s[k] / zp
				}
				for i := range g {
					g[i] += c * z[i] / float64(len(train))
				}
			}
		}
		for i := range w {
			m[i] = b1*m[i] + (1-b1)*g[i]
			v[i] = b2*v[i] + (1-b2)*g[i]*g[i]
			mh := m[i] / (1 - math.Pow(b1, float64(it)))
			vh := v[i] / (1 - math.Pow(b2, float64(it)))
			w[i] -= lr * mh / (math.Sqrt(vh) + 1e-8)
		}
	}
	raw := make([]float64, nFeat)
	for i := range w {
		if sd[i] > 0 {
			raw[i] = w[i] / sd[i]
		}
	}
	return raw
}

type ltrTally struct{ n, top1, top3 int }

func (t *ltrTally) add(a, b bool) {
	t.n++
	if a {
		t.top1++
	}
	if b {
		t.top3++
	}
}

func (t ltrTally) String() string {
	return fmt.Sprintf("%5.1f / %5.1f", 100*float64(t.top1)/float64(t.n), 100*float64(t.top3)/float64(t.n))
}

// ltrShow prints a question the model w misses at the top.
func ltrShow(q rulesref.TrainQuery, w []float64) {
	type r struct {
		k int
		s float64
	}
	var rs []r
	for k, x := range q.X {
		rs = append(rs, r{k, dot(w, x)})
	}
	sort.SliceStable(rs, func(a, b int) bool { return rs[a].s > rs[b].s })
	fmt.Printf("MISS[%s] %s\n", q.Set, q.Q)
	for i, x := range rs {
		mark := " "
		if q.Rel[x.k] {
			mark = "*"
		}
		if i < 3 || q.Rel[x.k] {
			fmt.Printf("  %s%2d (hand %2d) %6.2f %s\n", mark, i, x.k, x.s, q.IDs[x.k])
		}
		if q.Rel[x.k] {
			break
		}
	}
}
