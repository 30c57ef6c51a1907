"""Review cards: every mistake comes back until it sticks. A wrong or refused answer to a lesson task, a hint
taken, a costly decision in a game becomes a card (:mod:`~tutor.review.cards`) scheduled by FSRS
(:mod:`~tutor.review.schedule`, rated by :mod:`~tutor.review.rating`), kept in the progress store
(:mod:`tutor.progress.reviews`); a day's review (:mod:`~tutor.review.day`) plays each due task as a variation
of itself (:mod:`~tutor.review.variation`), and :mod:`~tutor.review.mastery` counts what is mastered,
learning and due. Pure logic: no Streamlit."""
