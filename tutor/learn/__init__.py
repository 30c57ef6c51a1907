"""Learning by lessons: the curriculum of lessons and their scenarios (:mod:`.curriculum`), the scenario
files as validated data (:mod:`.scenario`; their JSON Schemas are written by the checkout's ``python -m
tools.schema``), a variant's values filled into the lesson texts (:mod:`.wording`), the judging of a
learner's attempt (:mod:`.checker`), one learner's way through a scenario and from lesson to lesson
(:mod:`.flow`), and a task's card table as a seat game (:mod:`.table`)."""
