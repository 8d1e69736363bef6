"""What a meld is: the shapes a table allows (:mod:`.shapes`: groups, suit sequences, wild cards only, black
threes, each with its size and wild-card limits) and the verdict on a meld or an opening (:mod:`.verdict`)."""
