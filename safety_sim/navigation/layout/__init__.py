"""Layouts of a navigation level: the reference's rejection sampler (:mod:`.sampler`, with its
optional compiled loop), the placement rules (:mod:`.placement`) and the writer of a layout into
a compiled model (:mod:`.placer`)."""
