"""Cuts MisereSolver.java loose from the rest of CGSuite: its ruleset type
becomes PeerRules (octal codes), its heap options come from PeerRules, and
the constructor that reads MSV files (and the loader it needs) goes."""
import re
import sys

path = sys.argv[1]
text = open(path).read()
for name in ("org.cgsuite.core.impartial.HeapRuleset", "org.cgsuite.core.impartial.TakeAndBreak",
             "scala.collection.immutable.IndexedSeq", "scala.jdk.CollectionConverters"):
    text = text.replace(f"import {name};\n", "")
text = text.replace("HeapRuleset", "PeerRules")
# The MSV constructor: from its signature to the next public member.
text = re.sub(r"    public MisereSolver\(InputStream msvInputStream\).*?(?=    public PeerRules getRules)",
              "", text, flags=re.S)
# heapOptions: from its signature to the next public member.
text = re.sub(r"(    public List<int\[\]> heapOptions\(int heapSize\) \{).*?(?=    public void next)",
              r"\1\n        return rules.heapOptions(heapSize);\n    }\n\n", text, flags=re.S)
open(path, "w").write(text)
