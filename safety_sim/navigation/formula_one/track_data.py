"""Derived data of the FormulaOne meshes (made by :mod:`.derive`; see ``NOTICE``)."""
from __future__ import annotations

MUJOCO_VERSION = '4.0.0'

#: hull vertices per mesh, in the order they are stored
COUNTS = (('wall_collision_0', 12), ('wall_collision_1', 12), ('wall_collision_2', 8),
 ('wall_collision_3', 12), ('wall_collision_4', 14), ('wall_collision_5', 12),
 ('wall_collision_6', 13), ('wall_collision_7', 13), ('wall_collision_8', 12),
 ('wall_collision_9', 9), ('wall_collision_10', 9), ('wall_collision_11', 8),
 ('wall_collision_12', 11), ('wall_collision_13', 12), ('wall_collision_14', 12),
 ('wall_collision_15', 13), ('wall_collision_16', 12), ('wall_collision_17', 12),
 ('wall_collision_18', 10), ('wall_collision_19', 11), ('wall_collision_20', 13),
 ('wall_collision_21', 12), ('wall_collision_22', 12), ('wall_collision_23', 12),
 ('wall_collision_24', 10), ('wall_collision_25', 16), ('wall_collision_26', 12),
 ('wall_collision_27', 13), ('wall_collision_28', 8), ('wall_collision_29', 10),
 ('wall_collision_30', 12), ('wall_collision_31', 11), ('wall_collision_32', 11),
 ('wall_collision_33', 11), ('wall_collision_34', 9), ('wall_collision_35', 11),
 ('wall_collision_36', 12), ('wall_collision_37', 11), ('wall_collision_38', 11),
 ('wall_collision_39', 16), ('wall_collision_40', 14), ('wall_collision_41', 11),
 ('wall_collision_42', 12), ('wall_collision_43', 12), ('wall_collision_44', 11),
 ('wall_collision_45', 15), ('wall_collision_46', 10), ('wall_collision_47', 9),
 ('wall_collision_48', 12), ('wall_collision_49', 14), ('wall_collision_50', 7),
 ('wall_collision_51', 10), ('wall_collision_52', 11), ('wall_collision_53', 14),
 ('wall_collision_54', 11), ('wall_collision_55', 12), ('wall_collision_56', 6),
 ('wall_collision_57', 9), ('wall_collision_58', 13), ('wall_collision_59', 12),
 ('wall_collision_60', 7), ('wall_collision_61', 11), ('wall_collision_62', 13),
 ('wall_collision_63', 13), ('wall_collision_64', 11), ('wall_collision_65', 14),
 ('wall_collision_66', 15), ('wall_collision_67', 11), ('wall_collision_68', 11),
 ('wall_collision_69', 12), ('wall_collision_70', 10), ('wall_collision_71', 14),
 ('wall_collision_72', 9), ('wall_collision_73', 9), ('wall_collision_74', 10),
 ('wall_collision_75', 11), ('wall_collision_76', 10), ('wall_collision_77', 9),
 ('wall_collision_78', 11), ('wall_collision_79', 9), ('wall_collision_80', 9),
 ('wall_collision_81', 9), ('wall_collision_82', 9), ('wall_collision_83', 11),
 ('wall_collision_84', 13), ('wall_collision_85', 10), ('wall_collision_86', 12),
 ('wall_collision_87', 10), ('wall_collision_88', 13), ('wall_collision_89', 9),
 ('wall_collision_90', 13), ('wall_collision_91', 9), ('wall_collision_92', 10),
 ('wall_collision_93', 10), ('wall_collision_94', 8), ('wall_collision_95', 8),
 ('wall_collision_96', 10), ('wall_collision_97', 8), ('wall_collision_98', 10),
 ('wall_collision_99', 12), ('wall_collision_100', 9), ('wall_collision_101', 10),
 ('wall_collision_102', 10), ('wall_collision_103', 11), ('wall_collision_104', 7),
 ('wall_collision_105', 9), ('wall_collision_106', 13), ('wall_collision_107', 6),
 ('wall_collision_108', 9), ('wall_collision_109', 7), ('wall_collision_110', 9),
 ('wall_collision_111', 8), ('wall_collision_112', 9), ('wall_collision_113', 13),
 ('wall_collision_114', 10), ('wall_collision_115', 10), ('wall_collision_116', 10),
 ('wall_collision_117', 9), ('wall_collision_118', 10), ('wall_collision_119', 10),
 ('wall_collision_120', 11), ('wall_collision_121', 10), ('wall_collision_122', 11),
 ('wall_collision_123', 9), ('wall_collision_124', 12), ('wall_collision_125', 11),
 ('wall_collision_126', 12), ('wall_collision_127', 10), ('wall_collision_128', 13),
 ('wall_collision_129', 12), ('wall_collision_130', 12), ('wall_collision_131', 12),
 ('wall_collision_132', 10), ('wall_collision_133', 9), ('wall_collision_134', 11),
 ('wall_collision_135', 10), ('wall_collision_136', 9), ('wall_collision_137', 12),
 ('wall_collision_138', 9), ('wall_collision_139', 7), ('wall_collision_140', 10),
 ('wall_collision_141', 8), ('wall_collision_142', 8), ('wall_collision_143', 6),
 ('wall_collision_144', 9), ('wall_collision_145', 10), ('wall_collision_146', 8),
 ('wall_collision_147', 8), ('wall_collision_148', 10), ('wall_collision_149', 9),
 ('wall_collision_150', 8), ('wall_collision_151', 7), ('wall_collision_152', 10),
 ('wall_collision_153', 9), ('wall_collision_154', 8), ('wall_collision_155', 11),
 ('wall_collision_156', 12), ('wall_collision_157', 10), ('wall_collision_158', 7),
 ('wall_collision_159', 10), ('wall_collision_160', 9), ('wall_collision_161', 11),
 ('wall_collision_162', 11), ('wall_collision_163', 11), ('wall_collision_164', 12),
 ('wall_collision_165', 11), ('wall_collision_166', 8), ('wall_collision_167', 7),
 ('wall_collision_168', 8), ('wall_collision_169', 9), ('wall_collision_170', 7),
 ('wall_collision_171', 8), ('wall_collision_172', 7), ('wall_collision_173', 10),
 ('wall_collision_174', 8), ('wall_collision_175', 7), ('wall_collision_176', 8),
 ('wall_collision_177', 8), ('wall_collision_178', 8), ('wall_collision_179', 10),
 ('wall_collision_180', 8), ('wall_collision_181', 10), ('wall_collision_182', 7),
 ('wall_collision_183', 5), ('wall_collision_184', 13), ('wall_collision_185', 8),
 ('wall_collision_186', 12), ('wall_collision_187', 13), ('wall_collision_188', 10),
 ('wall_collision_189', 10), ('wall_collision_190', 8), ('wall_collision_191', 12),
 ('wall_collision_192', 11), ('wall_collision_193', 12), ('wall_collision_194', 12),
 ('wall_collision_195', 12), ('wall_collision_196', 11), ('wall_collision_197', 11),
 ('wall_collision_198', 12), ('wall_collision_199', 6), ('wall_collision_200', 7),
 ('wall_collision_201', 12), ('wall_collision_202', 10), ('wall_collision_203', 10),
 ('wall_collision_204', 6), ('wall_collision_205', 10), ('wall_collision_206', 6),
 ('wall_collision_207', 13), ('wall_collision_208', 10), ('wall_collision_209', 10),
 ('wall_collision_210', 8), ('wall_collision_211', 8), ('wall_collision_212', 11),
 ('wall_collision_213', 10), ('wall_collision_214', 9), ('wall_collision_216', 10),
 ('wall_collision_217', 11), ('wall_collision_218', 10), ('wall_collision_219', 7),
 ('wall_collision_220', 8), ('wall_collision_221', 13), ('wall_collision_222', 11),
 ('wall_collision_223', 9), ('wall_collision_224', 13), ('wall_collision_225', 10),
 ('wall_collision_226', 11), ('wall_collision_227', 10), ('wall_collision_228', 10),
 ('wall_collision_229', 10), ('wall_collision_230', 12), ('wall_collision_231', 12),
 ('wall_collision_232', 8), ('wall_collision_233', 12), ('wall_collision_234', 12),
 ('wall_collision_235', 5), ('wall_collision_236', 11), ('wall_collision_237', 7),
 ('wall_collision_238', 12), ('wall_collision_239', 13), ('wall_collision_240', 9),
 ('wall_collision_241', 7), ('wall_collision_242', 11), ('wall_collision_243', 5),
 ('wall_collision_244', 13), ('wall_collision_245', 10), ('wall_collision_246', 11),
 ('wall_collision_247', 11), ('wall_collision_248', 9), ('wall_collision_249', 14),
 ('wall_collision_250', 6), ('wall_collision_251', 12), ('wall_collision_252', 10),
 ('wall_collision_253', 7), ('wall_collision_254', 11), ('wall_collision_255', 12),
 ('wall_collision_256', 5), ('wall_collision_257', 8), ('wall_collision_258', 6),
 ('wall_collision_259', 6), ('wall_collision_260', 14), ('wall_collision_261', 6),
 ('wall_collision_262', 10), ('wall_collision_263', 15), ('wall_collision_264', 13),
 ('wall_collision_265', 8), ('wall_collision_266', 7), ('wall_collision_267', 10),
 ('wall_collision_268', 13), ('wall_collision_269', 10), ('wall_collision_270', 10),
 ('wall_collision_271', 10), ('wall_collision_272', 14), ('wall_collision_275', 9),
 ('wall_collision_276', 8), ('wall_collision_277', 12), ('wall_collision_278', 11),
 ('wall_collision_279', 14), ('wall_collision_280', 12), ('wall_collision_281', 10),
 ('wall_collision_282', 14), ('wall_collision_283', 6), ('wall_collision_284', 12),
 ('wall_collision_285', 6), ('wall_collision_286', 15), ('wall_collision_287', 6),
 ('wall_collision_288', 12), ('wall_collision_289', 5), ('wall_collision_290', 7),
 ('wall_collision_291', 7), ('wall_collision_292', 5), ('wall_collision_293', 5),
 ('wall_collision_294', 9), ('wall_collision_295', 7), ('wall_collision_296', 7),
 ('wall_collision_297', 6), ('wall_collision_298', 9), ('wall_collision_299', 11),
 ('wall_collision_301', 10), ('wall_collision_302', 5), ('wall_collision_303', 11),
 ('wall_collision_304', 8), ('wall_collision_305', 6), ('wall_collision_306', 11),
 ('wall_collision_307', 9), ('wall_collision_308', 8), ('wall_collision_309', 7),
 ('wall_collision_310', 11), ('wall_collision_311', 8), ('wall_collision_312', 12),
 ('wall_collision_313', 6), ('wall_collision_314', 5), ('wall_collision_315', 5),
 ('wall_collision_316', 9), ('wall_collision_317', 8), ('wall_collision_318', 8),
 ('wall_collision_319', 12), ('wall_collision_320', 8), ('wall_collision_321', 8),
 ('wall_collision_322', 8), ('wall_collision_323', 11), ('wall_collision_324', 10),
 ('wall_collision_325', 11), ('wall_collision_326', 14), ('wall_collision_327', 8),
 ('wall_collision_328', 12), ('wall_collision_329', 7), ('wall_collision_330', 8),
 ('wall_collision_331', 9), ('wall_collision_332', 6), ('wall_collision_333', 11),
 ('wall_collision_334', 9), ('wall_collision_335', 11), ('wall_collision_336', 10),
 ('wall_collision_337', 7), ('wall_collision_338', 9), ('wall_collision_339', 14),
 ('wall_collision_340', 8), ('wall_collision_341', 6), ('wall_collision_342', 6),
 ('wall_collision_343', 15), ('wall_collision_344', 8), ('wall_collision_345', 9),
 ('wall_collision_346', 7), ('wall_collision_347', 11), ('wall_collision_348', 9),
 ('wall_collision_349', 7), ('wall_collision_350', 6), ('wall_collision_351', 6),
 ('wall_collision_352', 6), ('wall_collision_353', 11), ('wall_collision_354', 13),
 ('wall_collision_355', 10), ('wall_collision_356', 8), ('wall_collision_357', 14),
 ('wall_collision_358', 13), ('wall_collision_359', 11), ('wall_collision_360', 11),
 ('wall_collision_361', 9), ('wall_collision_362', 10), ('wall_collision_363', 13),
 ('wall_collision_364', 9), ('wall_collision_365', 11), ('wall_collision_366', 7),
 ('wall_collision_367', 12), ('wall_collision_368', 10), ('wall_collision_369', 13),
 ('wall_collision_370', 8), ('wall_collision_371', 9), ('wall_collision_372', 11),
 ('wall_collision_373', 13), ('wall_collision_374', 11), ('wall_collision_375', 7),
 ('wall_collision_376', 10), ('wall_collision_377', 10), ('wall_collision_378', 6),
 ('wall_collision_379', 8), ('wall_collision_380', 9), ('wall_collision_381', 8),
 ('wall_collision_382', 8), ('wall_collision_383', 9), ('wall_collision_384', 11),
 ('wall_collision_385', 9), ('wall_collision_386', 9), ('wall_collision_387', 13),
 ('wall_collision_388', 11), ('wall_collision_389', 11), ('wall_collision_390', 9),
 ('wall_collision_391', 12), ('wall_collision_392', 10), ('wall_collision_393', 8),
 ('wall_collision_394', 7), ('wall_collision_395', 13), ('wall_collision_396', 11),
 ('wall_collision_397', 6), ('wall_collision_398', 11), ('wall_collision_399', 5),
 ('wall_collision_400', 12), ('wall_collision_401', 6), ('wall_collision_402', 5),
 ('wall_collision_403', 9), ('wall_collision_404', 12), ('wall_collision_405', 10),
 ('wall_collision_406', 10), ('wall_collision_407', 7), ('wall_collision_408', 10),
 ('wall_collision_409', 13), ('wall_collision_410', 10), ('wall_collision_411', 5),
 ('wall_collision_412', 12), ('wall_collision_413', 11), ('wall_collision_414', 12),
 ('wall_collision_415', 8), ('wall_collision_416', 12), ('wall_collision_417', 5),
 ('wall_collision_418', 12), ('wall_collision_419', 6), ('wall_collision_420', 8),
 ('wall_collision_421', 11), ('wall_collision_422', 11), ('wall_collision_423', 9),
 ('wall_collision_424', 12), ('wall_collision_425', 11), ('wall_collision_426', 10),
 ('wall_collision_427', 13), ('wall_collision_428', 12), ('wall_collision_429', 5),
 ('wall_collision_430', 10), ('wall_collision_431', 8), ('wall_collision_432', 12),
 ('wall_collision_433', 7), ('wall_collision_434', 13), ('wall_collision_435', 10),
 ('wall_collision_436', 12), ('wall_collision_437', 6), ('wall_collision_438', 10),
 ('wall_collision_439', 9), ('wall_collision_440', 13), ('wall_collision_441', 6),
 ('wall_collision_442', 11), ('wall_collision_443', 5), ('wall_collision_444', 9),
 ('wall_collision_445', 9), ('wall_collision_446', 9), ('wall_collision_447', 6),
 ('wall_collision_448', 7), ('wall_collision_449', 11), ('wall_collision_450', 12),
 ('wall_collision_451', 7), ('wall_collision_452', 9), ('wall_collision_453', 13),
 ('wall_collision_454', 6), ('wall_collision_455', 13), ('wall_collision_456', 15),
 ('wall_collision_457', 13), ('wall_collision_458', 9), ('wall_collision_459', 10),
 ('wall_collision_460', 5), ('wall_collision_461', 11), ('wall_collision_462', 8),
 ('wall_collision_463', 10), ('wall_collision_464', 9), ('wall_collision_465', 11),
 ('wall_collision_466', 6), ('wall_collision_467', 9), ('wall_collision_468', 6),
 ('wall_collision_469', 11), ('wall_collision_470', 13), ('wall_collision_471', 9),
 ('wall_collision_472', 9), ('wall_collision_473', 10), ('wall_collision_474', 10),
 ('wall_collision_475', 12), ('wall_collision_476', 13), ('wall_collision_477', 8),
 ('wall_collision_478', 9), ('wall_collision_479', 6), ('wall_collision_480', 10),
 ('wall_collision_481', 7), ('wall_collision_482', 5), ('wall_collision_483', 9),
 ('wall_collision_484', 11), ('wall_collision_485', 8), ('wall_collision_486', 10),
 ('wall_collision_487', 7), ('wall_collision_488', 6), ('wall_collision_489', 7),
 ('wall_collision_490', 11), ('wall_collision_491', 6), ('wall_collision_492', 6),
 ('wall_collision_493', 11), ('wall_collision_494', 7), ('wall_collision_495', 15),
 ('wall_collision_496', 6), ('wall_collision_497', 5), ('wall_collision_498', 14),
 ('wall_collision_499', 12), ('wall_collision_500', 6), ('wall_collision_501', 11),
 ('wall_collision_502', 7), ('wall_collision_503', 11), ('wall_collision_504', 5),
 ('wall_collision_505', 8), ('wall_collision_506', 7), ('wall_collision_507', 8),
 ('wall_collision_508', 7), ('wall_collision_509', 13), ('wall_collision_510', 8),
 ('wall_collision_511', 7), ('road_barrier', 112))

#: the road barrier's mass properties (its geom at the body origin, rotated by
#: ``track.BARRIER_EULER``; density ``track.BARRIER_DENSITY``)
BARRIER_MASS = {'density': 0.001,
 'inertia': [1.7615577584076036e-07, 1.7603916330380185e-07, 8.210669576725919e-08],
 'ipos': [-4.695012903564342e-06, 1.2294073730880484e-06, 0.1266337259800846],
 'iquat': [1.6386827927206138e-05,
           0.9999949686319659,
           0.0031715296401729964,
           6.198361186565021e-05],
 'mass': 1.2602641166826989e-05}

DATA = (
    "eNp0vHVU1c/zP243ImV3IKIgdgD3uXtBMVHsQDERCxQDUOlGSilFBaRbREWp5+5gg6ACNiiCid2t3+cun9fv3Ps7533/mjPn"
    "MfPcnJ2Znb1Fd9vgqQnxZHbcZURW9sRnVW+RzdGxaO45TWzQ/xZpNSsPnQ/riU9URBG9cXHoVWFHTuNReRzDZBmmSNLD8ExP"
    "16MdOF+/7Xn06roa1uiMSPjdE1y2QNLPZBmG4RlmZZ4avl+AyDKvE+hB7CguWz9+GjCaYRjtuW4k/663ozl8b9sDn5ToAykL"
    "QEe9J8ekXJsDqvcG4e2HZMQez4PFKwfxbz0YP59jpkk6GYbpYXymh7ztzmnXvwvguckgPPm3QEIammSZfiabarMOMdk7EZ3x"
    "l/f7EftWXnpLTk+X+IxW0/BBAfdCyK+n/9CeV3sQ0/l7ekvMZBmeyaa77EWWq2OI5u6W+KqDF8c0rGyGvy29S1l/F+MkNNQ8"
    "mTK+lYo/SkxLp0z266QIlLssiQ67HkJy+vojWFFN2TjkHjzMMUyWYRg/X5JlfEMC1KkfJpd8w9GvDyV0pKTHzyAGCbVAM5ch"
    "MmtYE5/JMj5rA/sWa0OI0VE+/hWfFgOjGZ/RK3eGYzOJf2bseoh5FsrHU+3ZJih5H4zZdw9nbeAY9q3TEubeuEisucCYPF1s"
    "CdYXojl/vscyOCbJMp1dJFmVqZEYa2Hyfq8l1DUPwTlSv/af3QDfC8PwOUnn5X9WYBAciX26Y5J6fTnXw9rG9Nx/sJS+pM3J"
    "iQ4DoI/1UrrjhDGp7jIArl8KpS+OZ4tWK8bDu/5RtFbtnljXegIMeexF/zw0IerPhsGZcheOWb55OCSFRVCDHYgMshkHHazd"
    "6Meu+aLe1BGcz2TRjHHQ6ogX/1bQ+2FgrBtFu1wyJl/bjYNfw6KonT0iwzuMA9W8Lnw8U4LroItE67M1KdH3/g7m499O9QnI"
    "86dzzLZnz2GT5mjK+hhpVM8xjM8wu3YN4fNb+7KO49lYMfwwcTLHvHR4BittDekzqT27TjWAjsRnGMYPmWxI58eaEP3YBijN"
    "ncDbrJ3ZABNmmsPNSyFkaIg1mu4yG9h8WSRtRH7mS4G1YadFL3Qw3grY/I6uUUNuFxYD06mOLNCIe4vAZay0ZvzHcT5b84zP"
    "8KxfDL8tdylEph8i+//0Qnmpi6C1gUCiwiainhbLuZ7qx5OQWfPFkGWLSPSvcZzP1g/j3/ZwhMlWcSRZJxJa/twE79dXkakF"
    "8XDqqD2nTQdHwSbjzZCvGUoSE+Lh0aNtcGh3FUHkOEwNtQUSHUd2WB3jfKaH8ZlOhmE6HbZsg1xNRFr+i4ZHd+wh+cAR0kI/"
    "CoaUbwO/loiYWB6BhthtEJYnI+3bHgGT00vhsG+NaBVQBHv3L+bj4zOWQuvlC4GtDTyWgHPNEmBjG/+CgMNUK+gxqZo89iiC"
    "d5uXwrGQamLqUgxWs62g3frjZI1jEWR7roCY29VEZkAgNWAF5BjGk4QhBNaGxPA2L3c5S7NLo3h/y668pH2qj0DPlAgy5Wwh"
    "jW95CFw2RpAXGo20kxjN+zXt3lNq730I7i+tFo/WPaSTjh7hsmlbCzmG6WQYpp/hmf6vo/V4m7veSQbtxH7A7MxNlAnygMHA"
    "1pXKvhSIdRzM+5jinQmvP+jxvgdcT4YOXQZB7I2bomF6BsR/HMhlnYsyuCxbA0z293s73PmFEUnzaQUPpu/idtV5hQYEjdjO"
    "6UbaCrRb78KxM0OJ1hANqFZfjdkeSWrTDKw72HN7296oHeez9iRK/LRsO24rtiWqQUbNNvx+LyIvG1pBqsRn64fx/SVrzzCG"
    "O9Shx8f28OZcCHm8Ik2o69Ker71D5Jhg+qUTX9v+2WME02BNPg7fjdoIwZM1eV9S2mgLFi9UOf0wdhfHM9kACV9Vq8Hx2/BA"
    "4ehgLbBbRskquCsrf6oKrM1XO2/net7/E7mem920uB61US9liva5IC6I7/enOq7oVfuDnG94az/yXpVE9++tF8cH+SKXufHc"
    "hrv7+HI8swMM/1aexPdy34PK54L6rQTOv3XQD91YFsd1Hl5wgOtn88L0Mz7DM751rpPAxs0/tBeMXK6KWHvGjB8JS3x/CEx2"
    "1hlpPnuoImaHPdeMhDZ2yQJrz5uhg+HlwHrhVSuBHNqjA4slPJs7hu/xIEZgNsG9vg9csnsuXLgjEKvTOrAkME1g4zPZeDDY"
    "SN9lbWDffT65Qbgjk5O+i3S4LOMzWbRxAAprGUo+hH0nt3/YonBp3crzdKltsw3ojbS2T/1Wp4w/VlrbJhI/vG4oGifRo86p"
    "05cLlqHWdgLZN6gLXbLGlGPCVvSmlvX9uOyaxi/Eo6MluvtYTkKROp1yYTk6cUQgx7tpcHyE9C2GZzoZzXRqeUUQNibNUCww"
    "mvWX0dbWSYStpdAeJ+G5bRnZEhVCdFrmwvkGkTDfyel6LAQvLCWa/RD5UZrO8WwuGL642UXSqZcJmYcTILrqGmHjv63DSbjQ"
    "r4i8gCOkzZ1YMLc9Tw7cQsTGJAF06svIE1dMrkt65r9rQGydaNtOpK3/Nsd/Vt4Ui8a406EdLqMdDy+JQ13H0aOe1YievSYm"
    "nnahBw48QA9aIPJbZx8dsK0BNT4QiK6VEV2a8QslZiJy7IELHfvyEsoejEl8ikD3q15GbC1dnyFQ9O0SKqhEJKVeRveMiIOE"
    "5BIx5tsu2vH7YTi2O10sHFFMH4w+xulBvyLo547RENMuQTQeU0xnb4/l9ufm1Uy65sMRmDukTHTxOktb7DoKG8rlZLZJHu3x"
    "NgYcZiKyYeghmn8nBnQufhHffY2ko38eg8EJ18Q0+xjaEHAUNJ8I5EqLPHpssidlaykm/yU8WevJfaQPMS+h2zo/vrbHf3kN"
    "70JP8/Wva/YB6uNzKJuL7avfgkOHUDrlJSJttr3iGDaPDMNk2bplsgaPMumBPESqhbewUC+OYybteMdpppPR2eNCacoYTA4v"
    "fQWjL2TSqoMyMmbxW4jyUOW2RSuzlTBvYwduN9x/eRNGM1lGj2rdldvSXj2+iQzPMF0lvLynOue7Zq0hrZy0YNJUgdSs+it6"
    "U02INQ4lbas7CuPOqXE7c22IFVG0LXdVusLaB5jUZIA4u0YLTk1DZJ9JiZg95yDv1yZhFJ0ZJ+NjZZJvSaOQCWXtTHthRlsS"
    "a9rYSyA71iygc0kwx3zLMKPeMhkf59WCJW0VY02NhghkeOJ8LsvazGT9ex2ggb4hxCx6Cl1Y5MZl3/w0p+y7DMO+O+iyNe0R"
    "LieC9QIaq5/A95FPr9PAaDa2jH5iU0QYPqbjHYjQfUZsNyASe+sOPKwr5fti0fNT8FTCMFmGSTpdQt5I/W2blw8UNZI85sO/"
    "uwPv/lwmzF71+XEK8jecJ/MaBLJF/SpM7A8kbYWcBJ7Oh9g59cRhLSa73e9Aa7vj3K+L8ZVDqUMst7dt2mI48+gI9/0qVExh"
    "ekoqbXW0TpxgvwDaPcnl/bouzoe+d1N5f1u1mw/ymRmcX/RWzmk25owOnZnGbfJWNQsYsSOV9h34WGyeNR9S2gZwzLw219El"
    "9UXcPn/6EoP+lu7h58LFlmWcz/rL+FsWufP5mn62CG3ds5Wv5w8SPSNnE3UZikn0qHOI6WTjyXRmp6/ishtqEtHNjXspG5Ob"
    "WmVosOlmKpxDZMS7s8hoySZ6UrI/fe6f5fpZG5j+6B/elJ0LocsucT2Mz/QwPrddEr9+1RuO+UhSgdGs74xObv6Bj8msKxnQ"
    "/rsGFN1AxLwyC1SOD+Drf1x2KoyyfkMP2pmQC/MyOJ/JMv5x27d0ig4in6ZkKPkkGj/f0un+Alk4KwMGuPbj69+7fSbsmqAJ"
    "U4pkRG1dFnxX2YKZD+8y1gP0Pm7F/dZjcma5J5Q9tMLMN07p6wtL3lngYedlpHX/APD8NRez+b14xA8WNVuF9etk5GlXXwg/"
    "twX/0bgsxtR7wOb3Fviihpx07xcATs+WYLZO5DP8YOu5rXiovkBOEU9QKbHg383184MXdVuxiigndzd7wm3/xZy/Q8cXou9W"
    "AbPVNg1rsOnLKr7Hr+1Yg81dK4HNV3G7eZxm48NoL4c7nDbvuB57SjTDMHp+92rue9SOXINNzJto3WZrcU9vfU7vGupNg1OG"
    "cx+so0oYLVuqz8fw93Ivzmfzxfgho4y5/kmDHahvOwPuw5+oDuJ8busk/oWgydyOncxy4Rg2RwzD+Ew/47vvyKERA46Qjv5v"
    "lWysol3VGXeNr5P5Hz5C19dXuG9jOPI9HFhaytf55PXvlWw1w/PYUMIvLr3K987HqPew7XIJ13Ng00dom3uZ8/9ueA/bJT5r"
    "G+Pva23G23wz5zbEhU4EU01pXR2uhdRVRnz898Tfhy5xiPe3vXYN/NluyvvS++VdKHA34mM4v/UD+DFFxmOiCIt7HMO+yzBM"
    "ln2Lya7tbgwahr/FJYfu8+8yPey7J3LPCp32pojz8nPI1IZB3H+wu9iGej4eiMol/7xi3BeyxRqE8dKZ6BvxhXjZnRSYTxLW"
    "5xKJ+SQKt25XinGbrnAM89UDJIyi37Lpwjehd2G52EGtlvxe3BtFSmfuBd8HZLV+b+QZkSouKXpAolqk8rV6KvAJfbg4Axe7"
    "I3L3Y2eY2j8dTzW+J15/3AyWJ6fx9a9yvzNs65aKJxxDJGdPA21zNR3nT3ksRuV3gmmJqRzz2qEZGAoZuGcoJkU/OsOqEanY"
    "XJCTYJMGejQ2mWPiWz6juhL/QT9Mfkh8w2/m3H+wXukNLeM9eN6j9qkfp9kcMTpvhoznTHQ3+ML95YaIjfmiF14g6zify7rs"
    "8eYYJsswToPceJ5ks5kP5Jq7IWYHti72gTFtD9D3Uhucqu/SOrSd25+x5g300fatTXG0zxuqqhLE7edpp5d0tHEaX3uDZ9zl"
    "GB6PSxjonEb9pHViknWHBu11pkm9MHnft4HuDkria2xQZgMdEuVMr79HxNO9gevk+Q1J5+WABdgpDJOpOz5QxVhGMX5ZmmCI"
    "2Lx3af+F7gs35HOa0PkVNWu/EY0fKpCTLq8pibHi8VHnuC+U4dkaYPh0twU4uwCRF9Uf6GoJ75RkTNZpNuHZODB8vyBDtE+K"
    "DZ3+vqKuWoH0eSAio6NW476X9vP+juq2Bh9s6cfP9J9dPyDX4gN8fPoGfkDzVkbxvtj1XccxrA0ME3fbnwYZY3K2ujV2TNlP"
    "v4xD5Nmm1Zjh2XgyPNPDxofpeWPvT3t1wWTR7dY4TL0/z9GNvHEQxZzW4zmf/gdskd1kHT4mYycHcT6jGd9znTbP8zywdkM/"
    "A4dz/vRZ7shz0BDM9u/J/V5cln2LyW5u1p/nJ02uHkTR7bUxWzM2Pby4LMMw2Zs/D3Gf4ebJBNxxt7yYtUEPHcJ23qkiz8+4"
    "HMVtJT6jGf/K/b8i6/ufu4ex5gsPkjcYkXn5sfjlRkfutyfJ4vELiWZ4RhdevS/GfcEkoPYwLvgyg7A1XG50jOvneUhJf/ZY"
    "R3JjhJy0LorFDzo/FndYmZKphYfx8wce5OE+TG4cj8WsndyGSO2svl4nqnxB5KuEWfCvKV6Grn2hzHMbzuiGiPaVAXD83SY+"
    "PlOrB4DZ7OWc/uRrAA0bbDhea/4ICF25Dd+S1sDAp00Y1h6GSXq4lWN+/xoCr/WscZaISMNafa6TYZjO1YbbcIkBJnMKBsJZ"
    "NWs8bx0i8w31uSzzJZgs+xaj2beeyQNwkGoomXbfFg6H+/N57OFnB43VPlhP0umh7wQlC915O4O6ucERM3fsLc1pnfoezmf7"
    "hfEZnmEYflh/L8z8usiG3aA/wwt/uyqQYuoAyMmzCePtzGmuX6JT1PJhkBhCGlPSUJdmeTwHMn2nN3ryMA+W1yEy+1kQsv10"
    "DiZKe7BsrT+KsSgEn1O3SGuzWGSrehbII4E83x6ISlTywQZJZ0djKsdHS3uQ4Xt8yYPN6zDJDw/ksh0jw7nso+95sNBUIP0v"
    "BSGIP8e/+yMmCaX/ac7buU8YTxnNxvY/+oikM3S3M61JvYLcpD1r+WsvPVN5CR28F0K+T5FRecIVhG2qyL/FzrT9iV+ovqeM"
    "2D92oeE3rnAb+FPbmNrMaUBHSxE5kGSoFNMpxnq/wh8gbR+BOM/ZS//u8+b7Xb9jFmY0W2+Mfuvoyf3eeqd0vLbDDHCV2qP9"
    "KROPXz2D913F/ATOLN1P1wgykvYlHedNnAEfpD42VmTi/pkIbH9j0qO2Cc9iPYb/lo5g5Hsppv6eiVeI+2m3sYhkqmTgZOMz"
    "kCidWfM3BqMVO3PgSZ840TppCHo3Lw+ys8rEzxv9UYdBuTBtISJf+msj1S0neVxp3w+hhnW5kOt5U5zTbzxqe/ksTJK+NXrO"
    "bnTe7Azs7xUnGoUHoWPtcmHSQDlRXaONtJadgtLr5WLp8ZlKc7RrdB4s+VMiPvgYiNzW5kLSl+Oi6tqFKOtRDrxJTBV7zh+t"
    "tGYafKzR32aHSIG1JrWvyUGT7laRFUcm0jZj96PpVCBPr2kr5SIUcxS9Lubwc0qzYAJNmhaAyo4akwqPwVQxp3F8SwDSnIiJ"
    "+qVBtGfYCXTtYhXpPn8iVW9bDSu/hpBY+zX4XHQ5mMTcIrmCBX7VuYLTda0X4Dm7K0CYe0Gs+TJPyZ9sM7UCBuhdFJvfmI8z"
    "Gm5w3+bj1YVK/qfnqSY+fbMAF36P4+dyTOI3NKWxlOeClmysRGkqlxBbJ8PPP0L955QhZs8dDKvQqP2ZqHb0URL/swGlShi2"
    "rhiG6WF4pmdY6Fm07rCMWC+rQbuGZXKdL3Y2oOV5Z5FqIyboTA0y8j/L+RbRD9A9tbNowqtQ8sekBt3T1hKZb3BqUgg8kmi2"
    "dxitVTCWx4knFoRDWtBhUj05hlycEwVmg9YSNs4j8EHoKmFYXxhmmsRn+4Xxh3v6kHRqTFbPCQfzL9E8rhxkFgWL+jiTNdKZ"
    "/iUqDFqZeJMB0rn/Z2E4fBzlS54eCiWaI8NhyzkfcnynNEezw+FW4n4u2zctHOpbBXFfpa//MATmIbwvx44OQRbuwZzfgLQR"
    "Wu+KHtaEkIlm94WtR5t8oS3J+uhcsitfG8bkrsBo1k5Gf19ym256dlHEW/1w9ZxM7lfXYBfc9gnhfq/HeE9cWJ5Jq3pEk6yf"
    "zvhD4mXub2tedceTHXPpotI4Er/RDRcMLefn/uXj3nhODXBZwdcTT7t/gfM9pnjhsNG5XH+vLW7Y2CmR26sjOYQ6Nsvg9or4"
    "NdK7vdI4PfnnXc5nGMa/oZfKz5ETt59xDOMzjIPkTxZtQiRK8ieZTtY2plPRP/x4K6np/NK9yGmGYfTmX5jHJkJFFGI04zN6"
    "RIwZ98kfVrihqzULuQ+PFloi65dzuU9+67YDWrDSHCK3CaT5amt0IG8K16OnfpDjGYbht4tmgAqPEUHVnWOYfoZhephOpqf/"
    "BHO4YoLJ9xMble5HMjTM4dB5Y7JFdyNq0asn7NQMJb1GBeEvbXrBJ2m/25gH4R0XevIcu0FFAJ6atgOYTRjmEog333Xi5wL0"
    "CuEY5geOkjABdDfMviQjAx8H49oKJ2DxQsjRQGzechg4HESky/AgfD1iN+htQyQwLxi3vTgMbvQ2IaWbg/Bz3YvQB+UY9dQZ"
    "hoWvAANz8o00U7TwIflF+NFyrDhsZy88Ifo8rNxPRVFUx2q5l4D5Dx/dh+DIlpcgJaRv8eDPQ3C/dhd4nt9xbj/cx/wiZOgh"
    "cs+zF/5ecwmStBHps3sIzj58AV60FYysB2rj4qLzEPJOIKGgjn0mlYBtZJLR0UXdcFWfHjxn0ux1DaSXq1J2dn9NqVW6/5KX"
    "avP1NhnqwNJQjd9bbTZ6CH+39eR3cPHbayHRtIY0k3zdNxaJSv6VbIUjYWt4UXIs9sE1IqNPXzms5FPlOZaTnAP3xS2zEpT8"
    "rs/rjhPmQ65vdxxrWZ8gU0trRYebx/HFjflwdYi/UXDRedRtVtPZ5N89BF16lAfrWgtG6VOSkPuIfNBoNVbsYBKPvu4phHHO"
    "G8kfV0AG4jlw6xlUnDA3Ee0edo6fUzs0c9H6YfmQIJ2/Z8fFI49tZ+Ht9RCjTa2Tkdmtc/Ba0tlavRgZtCsEzRu2RHuViGY9"
    "PAdTt4cZDW5TjAZ9PAcXJH/sk3M8+v7nIJFJ6+RN6BSkciVVZGvs9bghaLzOc/GYtE4WFBohc1MQ688kiw5BPZHFhyDyRcJc"
    "8x6H/tp2I4YXv4iL945AzycYkFypbd3O9kc/JJ2xkizTic/Uimp9K8Vpy7TRmEuBxFM692NmT0CR7XQJ+5b6yBHI/LYOMZH0"
    "iI16qNnge/zsePh5Jy4ZfIfTrd5uxW/c7vD4evd9Ozy/4A4/U6bp2uF7T+/y/bVtlh2O/NrEn/jNDt/ZeJfLrttgjw9b+yKb"
    "Y5hklfpA8MeT/OwY+SsQbAsyeTx4xNmf89leZnzFWFJjSTJqnoWJfrVyXKkYJ4YNS0arGgSi0ugH92f7omwVTJ7V+4Bhj0iO"
    "GRbiC2OGFvO5C8h4iyLrC2Hi6SqSe+Uaqj5dyO/Uir5fQ3mBJeAp+YqPpn5CTlnFcGBLkWgSdw+1dxf5vrZueI3kMYT7hHsS"
    "rnN8e4lm+OemIqwxuUVmRpajMjmBujIQ92W9QamlFDpImKxHtVzWS9LPZBmf0YyvuL86vxab2tmlBT4/uATOH1IVYxvb4aJD"
    "FA7ZyEjdhubYJOw8FAwWiEm4Ou41kEBBci9j7ZqW+PLLEnjq2r04fqYGjlxaAmVDECEt2uM3xZTv6/q0zkr7OuIMQJdHv40K"
    "H2vg27HAMcNaaeKIzU06Jx1rjbdf9TFi/kCrvSF4zsdEGZu7nsxG7fpsnKUuJ2Ov7cdPevbmd0z3x8/Et1e7ydiY7+k1G5tL"
    "eDanDL/ju6yIrYextiEcz+aX4e2pvexHK0yOfzbH1paFxmMnI5LTPxCf9HCTmWliMrHSHOvc8wC2R1a8P8HpGGltM9rytgd8"
    "luYlbnsWPmZ2A+xrIsnMgdnYc+t1aDP3OLE5l4Pv7veBPyAQi9ws/PGxN5dd1CIHJ8lv8LxZWLds/KPaAzykfRGWlYW7d7gG"
    "QS6I/I07wfHsuwwf4nAd1g2rJn/O5OCSKh+ImotI3d8sPOtrGaiBnKzVO6F0XivG4z+mR9ALrRA5Z2nH+Ww8GV8xvu4+L4T7"
    "5zV2G3Ddw3gea99tsx2bzo+iJluNiWz+NvwqJYKWVWCyQdpr3SQ8i8sYHvdJ5fY2feo+rBjj/9iURvscPkDWF+xT8jF6Hwzh"
    "mDdb12I96Yw0lPqYsnc9ZTSLBRi9Ya87Yv5/kaMTLehiSTL2CyRwzGZ6JfE8981GqC6kTl3ckMsYRAZ3duR8NteMv1aF8Bg5"
    "oeVGav3CGSVNQiQiYRdtFCjP20+3taFld5YTtbZSvLNzEz13PaXJH3DahhnN9DN6z480zm+9xxqHpGXC1QU/xLF71mPvZhn8"
    "vF7TzZbTTCejk4ZmcZsTtX4N3v8wsykf+20918P6y/TUns+E8R6vRKGtNY4JyeT4EW+t8dxWvaDVgTRx67lgfPt3O47fmeSP"
    "1SM6cJuW3TNQ6UxX9Af8v2jC7s93xU/DlH0DP4sOfI0VzQzEB0s7AIuFz4QH4m8ePSBar0Rc9iIIY6/O0E21TlyeH4jl37rz"
    "M9ouNBh/nnyMy8Z/9cPj9sdxuu9pH3zfLo6PT34vTyz7mMT76HnfDcu7xvF2lkuxdVbLZI6fOMMNz4ts4v9Z0CTL9imTjcpP"
    "5Jjdv93xh/VJHLPpuRvObCzla6Pb+CQYVFnJ13DLmakwZM1N+lpq2+0DabB57BvuA8TVZ4J57Au+VmcNTYVlFq/oT4k/vjJT"
    "6Y5g2elK+nH5L3Fps1Q4Y/yG+6i9UQYcv/yCr/n7n9K5HtY2pmecTSXHfH+bAq4XKqnbzFLR4HEqVKA3VPuOKJ49lwl6xcbc"
    "t/xXLec0awOjdy4y5P7qyBnT4XTX0TynZB43Gw5WjeEYWyMzjuE5KwnD+EwP4w/ePIrLvs6YDRWSLJ93NAvKz+zk9PsGdaU6"
    "hzJfe/xZiCGfonoDfbqF6zm7pK9SDUMvD3uOj9vSGyL/Nulp9ltDqZ6BybIxZ7Iq48bwmOLrKE2sKdjx82viudb4R9ASXpO2"
    "ZIMaDjq3gt8Lr/3cDltkDeHxiFzsit0sVnPZtyPa47Auozlm/VwN/Hfyaq5nXkI7rod9i+l57j+Ky56U7L9ivZxifZ1ivVxg"
    "+3L0S8BEOLkIAi4Xcj1fFs0F7ypNfLxUIM+XLuR8Ng6MD0tEfr5rHlkIqj7laF0ZIkXmi+DINU08PN6Y7NNdyDFsLhjm+ehf"
    "PHdhFJ2NXO5/5+tn+fsE5NzyN7V3wGTgjiRUma0Lsa1NyL0rKWj0+uF8L8gbc9DOfvp8L9+WJaIjObpww19qp34qOvb9F128"
    "HZHXt5IQ08/wTD+TZbEAky3rkMbXyUCDL3Rpl0ze94Kc7/TDvCw+p5XD+oLB9XSsH4zIqW59wXdSGh8T/V+fqd6sDNyxRCC5"
    "jX2AyTI8k91pmc4xdnv7AdPDdDI9eE01Yud7XdvndO4eGzRQ8rsyTF/TtsOq0YA2ZaI9vKbT8raiRVWlYqrzK1r7dBPP/78o"
    "eEp3zKpGJv3ixNBtz+mWyTdReAomrRa/oe7LKtGpXwJZ4PeWflfZiJ5fFcgd9df0RuApZJYrJ4frXyvln79NlPH1f8oxGBZq"
    "yXgeb/XaYCgqNeQxWoTHAVDbNgpPYflPyzAItx3Dc7AG9qFw7sJ4voYHrgjlGJ4DlzBMluGZbN9X4/h9XDkOhdJtngL7lpro"
    "A4sf+vMakuv+vtDj3jJef3K/0R9mGQTK2Dk4pywQjLzuylhM8fq1H/SUMCzvxzBDzC7KmE7Llf4wXcIzPQx/60qdjLWnQNUf"
    "frz35Gu+uPdaFCzzR0u6S3bgtRx9aOvPY3Cbl3I0wKKpDtNDdzXaa7SR0/23b0fFK/Zyn7P1yJmcz/CMXyTx2Tph/PE3PND2"
    "759E66mr0cEDU3CoNC9d3F7ShTOm4mbd8sW9117SvYFT8NsTVaKa7VtauXIoZvNoaP+Wnk3Xxmwe9554QeXjtLEFSP5Am3c0"
    "oM8UbLHZhFjdekeXSzq13gvk8+gPFC5qY0E6N7dMeE8jch4gdnbojwyFO8+/83332TECQiO/cf7g4oOcz8aT8busuI3Y+Pzd"
    "fhA+x3xDp649EYMuHIR9c28iNo9EDIbcmU84XksMA+vaz5xfm3oQrH/eQ2yc91iGcgzTwzBu6p34mOSEe6FfPzryfV1W6IU6"
    "j+rE2+P2ahdqrlMusnksHOqM2q29IzL8Ryc/1Fyi2TgzmuEZhuG3XM0TuO1q5oNgYZ6wWhMRuac3aibpYToLJD26T17KZsbJ"
    "iVtvH/RnQKPsez856evhgwYKecKMA3JS0dcbxXSfC+OkfXRqYRa+6zEHnh+RkxPtsnBy4VyIeRwruodm4DdzXIDFR1HvMvDq"
    "Uy7gvB+TJQlZuMvNHZAl8U9VZeDkKhdg8VSHiCw8XG0umGggUizpnH/GBSL+COSBr4TPnws9fySLxVcy8PN96dw/yW5cy2k2"
    "VoyWi+ncLkV76uEFK7L4Xbb7BX1cPisbdJ8g4qezWMlXYXim5z88GyuGZxjm2zCM3f0smOEnI54GE7CLUzbY9cHE+MJU7D82"
    "G5rtwuRV78VYl3py++n/MxN/Mr3G/bTdZsk4/1kfzs8vTMMG3wfRNE9Ermal4J5F7vz8NdqYjr9IeIZheMOUFXTCR4HUPUrD"
    "5yRZ7m9Ish6G7tznnOOfjodJ32JzxL61e4cWtye7n3wkk8dqcVux+NI78vSyKrcPHR70pop58t0LW/E7BZUefWhsVituf6bf"
    "6k0/Fang3T0QUbdSVcqlMz1Mlum5+6MTvrZDIH37dKYpJR35uXn31WAa3UkFR1kaE/trnWnHVBX80QaTm6mdqejsz+8gwk3t"
    "4PKEABw9DxMrDTvYYO7F7Zh+gQM4eOzFRp0RuXjGFbZO8OR3nfPyd8KgGV44eBMiFdQB5Ge98A1yTzTV2g2fr/pg/4614qIh"
    "O6B+owuum/xAbPN3H9SNzIbwl4liM91bwrXYVB7HZdtli5vzskBn3nFx4u1LQvmZVNjbOV68WJotXvqVDnd6ISITZojFDumw"
    "VrIVr/4sF9fHnYCRb0yIYHFH0B6fBVM2SfZhsqkwaHsm13nkepBQePYE3FyPSL5apTD1cTr43sVka80U0cY6C5AokPr2E4X0"
    "5EwYkV8mXgztK3yedZbfyy+6dBw61Z7lfp31mePQx7qwiU5MANVZFXx+zXulwLmtV3hsktMiARLOF3BZg6wEzmfzwviLaFPu"
    "ce70FMhcVcx9Nr1FCXB/hBb3Q9ac9VK683W/aMhtqftKX4hO7sjt7es/PqDd2Jn7IbcdmjC8nkrCeJ7vwm1RXYoXRI0w5DWK"
    "pQO9IdJrAMdPivQCT0ENGarKSbtoL7ib1yCwu4kuss4oLKc98p2GyK2yp0LCs1ZokzS2vRY/E/SftEAdZUli8YobwuAWiwW2"
    "91vWNkP+Ru3QgAGIGGa/Ek4uBCFV4j+8+FQ4/EVf2Pv5unh1qyqaEjpceLW0WvRopYq0Hy8WEjskiOq2zdGT3bvgq7WceHYL"
    "h8LtNnyOvreOhx3n7cD3dqnY1uMInLDYDDYLMZlWHA/vXthxzOrcSJi3ZDN8XVUlZktzcTLBnt+t9FaPhccntkHiu3hR/3wE"
    "NJOr4C6DEHFa6UZd1iKUztq2yZ3uFVTw6X2YWFxzoxUxmzm/WN2Dxp9F6JnUzgTiSL2NOuEv8xLErRU+NOKxM5qvgckqt93U"
    "on0nbKNxWlw61ItePtEDu0vx7+JF7vRkQQ8c/X/3Vu61PfBHKcaZP92Dam4vRjfSQojlsn1Kd08nLxYhlhsp6uas1J5RdT1w"
    "36OHydAkd9rvdA1SsTIl7redqWJfXkt2kNeEOI0BRvMaAIkedtmCvy8Q44xgn3w2dusWSjaNFeAzno7Z+vHUNAKzMgtuQ+5N"
    "NeJ8Jsv4n1xnc3syeYYAyY99uf6i2d70R4Af5yfcD6EpXn5ctmFwCPW28eb73ad/GH0Y6ML15L9xpUyW2RYmy/jcfkr8M7Nc"
    "uV+3uF0AHTfdExvMl5ONwQGcz+w84/9tU8bjqbM6k/FV8TK/x7kdqYd9Pa5y2mzmRBzS+grMb3NeNLijhz2XlIHbKelb/Ufi"
    "J+evgnxGidhp6ETObxMZzvmBF8r5+bL2pCFe5H0FunUuEcFOn/NZ2xj/0oer0Hp4kWi6bgJ+7XWNy96WjcdlD0fw/nreeCVz"
    "shvBx7bi5nvZbr/h3D5vi3cTb/8cwmuZ7KvHi5qdtPmYPP33r9h45zD8UTr77AzWiseEoXj6hjJx7AUktj45lI9nyILjoqGu"
    "Nl4/vVCcXdNSVMwdKebcls0s5nwV2Qf04bkIM3oGFf8Z8A4p5rXu5org21YwUh3bAlsgSc896QxKfYP6tG/KiWmt+oHqfokw"
    "zxKRfWvfIuJCIW8WJnKH5thn/HvK7jRHt8kXyhdVURaDe+XPEW68uU/Z+tw7+Sjns3thxg9W+8Vr81Y/DBW8/R/QG9siSOP4"
    "aM5na2CtxGc62fpnOvdv/kl3hh0nXfrECjd3/qRpLW+RVKujgmLsHLAvgZ/7PYPclPIYivkKrdKm2FzlhzMeEZjGZXV27sDX"
    "aBKfxz1PHJTiesZnehj/36U0zv+Fd+J9jWlcp7fmDrzQ/B/3AzsZDKEbFrfg8zJi7QClMzR8VT3qPKtYTHU0oK2n1SM2v+mt"
    "R1IL5zruA4flTqZ/z//l9rZXoQ7dNGM+x3Sq9ERv+lmgpwvlpM52H/L8NBfdVrsnjtuwDy1R1+D44GUeaPLCrojlBy6X+KMn"
    "fS3QKAGRd5v3IZVzWmjVIzl5XO6Jlu3VQDhfRrZv8UArOyxAm6fdETuPdUOK+0txD7ZMdeF7bcwTf9p2uzH+kBFFInM9qeEi"
    "Y8zsJLNRDW0dcUCitB4u+HL+f7aLybL9yGTtTGdg258C2WTjSatKHbnO69F+tIOtMWZr47SDFz1ycwZu3VpO3sV40cb2jjjz"
    "DSbBq3zp3FXvqb7kE66MPCOM93lLD0v6D5NjQsCyprxQVzFV+LtMhc/pMIuDSmvmzqam/M/RVVnC1IJmaJt0BjWa7qJDN7RG"
    "N/4KJHTkTtpatwVahZPFF4Zu1Mv8pXE0yhTNVJ2p+usV/B7k2d1N1CusJSqcJ/knHe3ppW0L+B2H1u2tSnk5xXyavEqvKWaU"
    "P6XWv0ciVmsdffsVXXLbX/hpVS52HtRIK47VCEOXmZDSUa/oY1d/ge2vzgef0Au9HwuPPyAy6Osr+u6TnzD7cLx4s+EJ9fAy"
    "hHnto8npkgegM3EMsBht3P06uPFtIty8nEjad6gF2ZUxcPVBCLHPqoP1kYY8h9Z51yO4OtmQr9XE5AcQay/jOSjt8FqOYT4G"
    "wzA+m3fG33zTg/uTrTSdoEeuB68P2X7CUamGxG9d05pZusUdtFrt4T5nXq6rUv3Jv4Y9uP3tENLO3pXjmSzD31uew+sfBm7/"
    "JgSOyeK5fZVv84XagTmc/nTku+DYNwtqwkKI9z8svNbOATbvpjt2CDs+nACrfjHEzK5R2Nt4sqkWwvI6xzDaRMIwPq+pkPg9"
    "7Y6C/9A34lSDPLpcO5LbMXO/V3Rzi0MQ2/Km6FT7lK6IjYIvCQK5MOedUg38z77RwNZe53VV9LdlNKglHBd9/PPpsW+H4Oyc"
    "ctGw9wOK+0fDs82I/FhYpVSrv7nZIRhufVycO+E2vecdBfBMRsL13tHQ4ZHQbG+a2GLjK3rnZyrdEYKIc3tneGncVOc8y8IZ"
    "Qvan0lTvEFKTHQTD/pzkscPSPUFgO6ypLtp9kjM87J/K7/4MHIMgf2UqdXcViKOLD+iuTKMRvzBZqOrMZfmYS7ILIZUuX4HJ"
    "Ngmj+J5C8a2EYq149/f1hNmfjdNyld5NKNaW3+/zhGOO3jupVEOeY1BLvre/KP6S58LX97Xk8biLYuDnk6AYy8cVB6JdfW+R"
    "vbv1UNsNgTy2nTNVD3UfsodjlrmpcJr1l9E5m915/q2ua1elfIJi3oBhGM0wivmH79v9ill/HS9owM2oMhlr55QVvaG7eZns"
    "ze5H4ut9veH8Vk9j1pfost7QVx5szDDNbvWAH+59i58eui8Gf+8OMUZe/D5ler4WtLD343VuTOcRic/GjfFt1VfStHtxZGng"
    "PnTaZBL9Jq3nmoplaHqXaRRL61MvZidysDKiZgcSxarlc9HigiU0ojFN1B28FKW/m0p3rr4pllmtRDMk/HFpDTP8kHxz+l3S"
    "s6J8NTI4v4T7+X1KNqBN61bSu5VVxCRzHzr3QoPf83ZtdhDt2vGV5/+PJQQjjY8f+Fw3W+ej1IaCACMeP/54F670LWL9jd8R"
    "pOQHcwzrL8MwPQzP9GwpUuXr0PW9L9qz8SZlaz51VYrgPCOJ3pb83tNH9YRxzTPowap4cfi7dULq5SRqVHldnKI1QqjwrKKl"
    "2oikbAsQ8m7dpCzmenM2RGgzOo8uckFkUaepwvO75+lM30Rx/PBwQd+wmraPFsjjJaFC2rc8emynnLzXnSc43k+nR6TvPtDZ"
    "IPiPT0KenSvFN8f20Zf6El2bIh7Z7Emjd2xG307Fi7Lz7vTrGxmysEckostumt4iFtlclBGbT060fqcMsZwDStpF2+/bjOw3"
    "lYsD2jkp+fBDi2OQmR8i8UWO1O+rDHWTY+I1dhftqDYI/apPE7sNriOKdUflYz2RVkaymHJXjU7sb8VziZ92dKE7AwahVGm/"
    "f2n2h4zvuxad+RMrCsFt6FPn/ihpMiane/8gijXMim+m1L64ojCpv4GWqrSVxJ8xEUk2VoNu7JPGa7TCdtcQPZ8Ebj+fLxlP"
    "zwxP5vTQPq9JnEsC5KwIIWGhk+h+p2R+P1LvpE9fN0+G54Nk5KX4mzA9zMYyPQzDdDJMyahk6PZDIE6zmtMDVz1gPkYkbUQI"
    "HqXhCe9uV5N0jRA8u9qD11QU3A3E6R1CYAbLpTzYjydEBPPzd+6GYNzqpR846MUT1+BA3OdfAPTdKJCjZ4I5nudqJPzZUg8w"
    "nSknP7qEcFm2Dpms/LMfTLpWTT4GBeJfGvtB/y0m944F40bzudzmr7U6wWlm8xm9Wncu77tVXSY2a9gAAWoxxHxMFl7f3gZY"
    "TeDzmBPY+M1KKD0pI8tHZ+FnZ+bA2NOhRPyWiXs+2QDMf6jp14Q3kvQzfLivFehmSzbWNQu/O2UFNqGYOG3LwptsE3k9g8vf"
    "b2Tb7+MQ9ThWjOw6mZpnJcKJ3Arx4bPutC1JAD1pjbnaG1LzyAR4/UdOaptPosvbxUPkmOPi0WaT6ZZzCTDoQ7yYoq1Kz5+P"
    "h1hJZ6XtYJoICWDpjcjerYZ06D7pW4syxa1TvxPFuRso0Z9GY7L1ym/SfO0S+lWyYzmLH9GLeur8TIGZL6jzlC78fsdL9lGp"
    "Zvv/X8v9X522Xxs5fWmHiOnp51T/uzqvZ67/84LjGc3wTCebO6az2/VROJvVSH8JBa30UdwfeFMUCieyR/I4zig5DAxP9+C+"
    "gfbcSPho3wNvvRdCfj4NA2O1XhwflxnG8fwO4v/wzK4y/NF5utwvfeMTDukRQ7HcSiAbkg7Cyr06eN4BGZm74iDMCBqKDw7H"
    "xCDoIFz21MHLxyKyZtdBeJJoTH19Q4hjPy2xpkqU1ngVaRdqQ06VVpBGaa7N4toTxh8jzXVbib/yhSFlNUVugXfFT7ataPcE"
    "GXHZfkPsY4AoW+fbpXitcn0r6j1XTqZY3hDVt14nMzcfIUbWKqRmUks61xaRqD9PRKaH4Zmew51b0L8nEdE9/Uy89z2V30Hf"
    "SZwPjGbjz2hFH0DxHB8//jQf5zsTloGiz7C05SnON16yALxNm3yD3PR9UOCfScv2YoJyrTifnaeMf3tIJnX7g4jvSSsuy8aZ"
    "yV4ad5WqlYWQXzuV34wovhMJ6dqWx0cNKR/hqNCe+58Zie+gcPkzGvVWIN8aPnAMmy+GUXyTMsKmPbD+/njwDh5GtICymYgU"
    "dfgAI2c/p3sq5cTR/wNsSG4BexdgMnDgBzjaOAEypH3UcXgI1k6cCKGaiMzcEIRj264Be6dy8UVOML51wBqOpCGybHEw3mow"
    "CaYcw8TyTBA+gdfAKWnvvNMKxRtaTgRHi8ui88cgfDTUGnoNMyF1Er6N+Rr4ExgvOjYPxVkvzeCchNePClGSVcRMHL+b564L"
    "d4VivfBdwHJZ31uE4PmiNehL9rBxWjDeoL0G9qwvF/ueDMabyW7Iui2Fx4+V26lYY9bFulvTfcSEF7TgZjc8f4wUcEe+pcve"
    "d8MsXtAre0vXbqxEzP/s4vdW6b6p5EY3vEU6j9RavaMBOSr4kUaFOM7xDVW821K8k7KbVo1u9okTD2x7TmvqX6GB5ypF7Paa"
    "VidaAVwVyKqVwUL/Cyt5PvyMabzgPnIVfNWSk6n7TWQvwleBgwUiNi+6y7b3WcdtddGNSKFtjBWPKb65HTNmfJ7nkfhQ3ISp"
    "qRggO19tBS33SOddbrBAJT5bh7clvvccG4yr74svZ/nSe9Yb8T6pnSWGPrT+ng3PeyyvC6Sh/Zbhd8ezxZQd++noxKWYjcPR"
    "1d70c/JSfOMOIvsjvOm/Qmv+Biesiy9dsW4jnvwXkRkxPvR86lLs2x+T2UO9qaINV7T/U1rZcDs/pr/y/YJifcu0DbawpYs0"
    "zpZZuLC5DbAc3VDLLKV6GMUamG9fbQEkm5OdmqVU06J433H9hzYtlc730naG4nwVdfpakr0XESe2SFaneyR8n2vZ4uA3iyl7"
    "Z83sTPaYpZTVOW987WjM+P/ZH/vypXSvhPe2aGs8vFFGHXwRWde3vLjY2Ziq9Eakf62W6HGoKee/aVMZmqLWnsfd3Xzy+f/G"
    "/Pf/M3MWtOZ5eEttgibkt+QYNRui9N8yTA9/ZyrpUbw7Vrx37vBBk89dhc8SqJjRmt/ntvu9GNo7tsZ+IzHZXb0IfA5r4gtj"
    "qsSyv4tA27PpuyseLgLn5q1xWREingGLYfV1TdxR45K4HRZD8h8NrrOqZAngy+lYx+CxeO1wJ1B8b6V4/9spPI3n0NZc7aP0"
    "9io0Og0nfTohzrrcR+mNleKd8hQk42vYIuAYYjSzY4zu3x7zfSE0BiLnKBOe/5F390OKNbSfok14LmLFR3+letqTyaZctk+N"
    "D7p7eQFmtRkvdF/RKwEL8Px8THR3fKBxkxbysepu/Z7Wd1+AWW5n9r339KLbAqzzRiBTqj/QYIke64dJ4K0P9EKoFb8jyErM"
    "VfLhpwWZUAdVRLqui1fy27+UzOIxoOuuaORis4DfNx0pzeR8hmF862ZWnK96Mhed7mdKzYyMyVbtePTBtob7YIPzU7C2WU1T"
    "LWJICs569hAMvDCpm5GED9+p5zmEqA4J+FLQY773qTwJB5bUcvy/wcmcz84Cxmd41maGf/T0IYy3wkRncxL++P0hbIs1Iacs"
    "k7BirKcY0ynWb/v0dOV3HEltaoSI+k0ozbOa6HasFMS+bk3v2vKfC/8rlrxyK5Sv/3SnYDp6XzjPx5rejaHnhTD+fztOJw/Q"
    "iC8Hmt46jT9MtTse5Dm9gXOj6UfbJv43m0Mcz/qyR8IznWycmc6P/xqa3gKcOYTLNtfzmiJaGoXzUxvg3Nhb4oV2h3BszwYY"
    "7VEtVo46gJfdb4CZogn5uvYAlpvVA8vjnRh7AF+WN8DEFrfFl7JDuMfnBvj1DZOSs4fwQIme/1xO7kr4gSpPwOK1tPcl/swY"
    "VX7mVszTgFkSzdrGaHd5N36mt+vaA0o8BvK7pGOzekK08RDuM5xtqQWHJZqNFaMLHPQ5/k9wL0g3H8DjzfVbesDuzoPozl2N"
    "4unJPUG+2pePs/dtH6UaUft9CZzfPcEPYs2SOb36kXJdaKy1L2qoweR4qXLt6HLbBKQyVk7u5/hBK89OMKGNjBytT0MO73SB"
    "7Z0Pu46jnKROoPVIFGc+TlSqRRla0gnYeWH8OF6p/iTUpxO4D5KTAuc05GLYi/5VFci+LfPQaIVa3JqrhNfftvMR0HOLCtJd"
    "M1kMchyL2i0cSol0nkb8nYYm3LhKkGGBeHfFBJQQTsmCAhmx7IuQcX0HWsTezhQKaHK+Ni3fGycapExH/g7lpO33c+K2tYao"
    "Q8u1/K7/eHcZDBQ9+RpWU5sF2tn2iJ1fCyymwVSrTTzfu8xqBgj9HDjmn8V0cF66CukNeCSeCDSFNkvtuJ5MVQxMJ5tfppPx"
    "Gc34a+2NcaBYKT7466WUj1XMta761wuzu6plff2ojWZvzOJccw1P+ninMT50NFWM6hrwP++hXHu6w5r6ZNGg5W64t96Z57vG"
    "jfKA3qOcoWPjNTGwpS/09NkHh8dWiGGffCG/1h1GRSOSNHsvDN/txvEvspygfKYrdJmOiMzSG7Ri3WD78grRTHSDd1P38Xrg"
    "kve+cE3C+J6RbKCE2fvNHWZ9MibNV+wFvQG+4CD5YHrBUvwV6ANadZi8P5mF/1314b5cee9MXH84nNMPrDOx/G8EBM9HZEf/"
    "bNzeJBg+m5qQrPtZuCwsHJ6rpYq/tmQq1ZTGSfgjCwQyr3U2XpIQDmZzK8Xzp7LwqUPh8LN7qthyayZOPHoA8NoKsVNeFrZ3"
    "vAYHUnoZj/61AM+sLYUdEr1Udyau/FwOc38FFxdPmI+z6sqB5WfUdafh73euwacB50Wtqhl4VbNyWCkcK554ZzYW88qhYsD4"
    "4se6C3Ds+GuwtYNglLVhAQ7wKYNzCWGGv67OxBG2N/gZ1Ji4ENc+PkjYvUOLMy/oF71wcsG2ioySv6RDdcNIplMVcTX+pBSj"
    "KcaDMtV2fF//cXtJ1xsdIMy/mjyokX6WxmSOUaVYcUp5fPL6nuE+sGl35fFRHOewVWd4/UZecTae3u0MvJXmsc/ybHzC4gxU"
    "gYxcyMlWmgsdiV+0QUbWlGXjoMSLiJ3dyHaM0vu7vclXUGnoDXFLoAvVVElCX3pViquO7aOWLZKk86mK2FuOp6hzEr8DtU/Z"
    "SyvPXUH3LzwWP/w2pON2JKGzOlVi+aoxSm/9FnhegSs/BbJzsz4e1/0CJCfeIj4zu2Ltf5fBSx0TvZ76SnXa63wvg8epW2TA"
    "p264XP8CfD0YQgbIunJ+u8hwzle8Q3TeeRlMY24Rv6rhSm89FO8Tn/Vr4P5zf68jeNfoJjpPI0TpLAhoeMp9jGtXQ/AA9Iyf"
    "rdNnHOJ8RjO+ov2/c/EpP2d9rkf/z/OCYZgswyjW0h+Ycg78pPGc1jsGZR8o5PmTA7KrKM/0HP8vLOs+MejHtab3mKvMjiPH"
    "1EIICpYT2aQrSnX1jSOKQNtZ2o8Lriq90WCy7B0ok1V8f/FwXQXkhUrx+895WKN1KSQkS/Hmi0nYoU8pLHYMIZ3vT8ImtBTU"
    "DiLS0WiS0vu7mE3lMCzGR5r3OUr/7aB4VyuzaHrTF+syB1s8KIdTOnKSWGWmdG/7t1MZ7G+U5ujfJKx4F6O4L37M9xc6LCgX"
    "3SVacd/FLTpAClbKienbl7RgfJZsqnhdfJL4kva8MEFkeh50fEKzd4YRk7VyMmhVI/V/Olsw0UIkFZTvd/629BdodLx4Q6L/"
    "132cdokGrxPo+MmNWr505hi3ZFe6ME+D2+qL5XbUrkzj/7PbDMNk/8OwOnOGUaxxmqjdVCu1sHioUt1UgVE291v2PNDBxlWZ"
    "HG/UfhiOMszkvs2MdTr4+vos0L0t2eGrOnjZ8Xhek1w8wBnGhqRy27IowAeeWabSSVWYtHHxgYK2TRhbU+V7itsjm/6/pbhx"
    "n9I9hd6vVEp1pNi/vTOcG/lRND56Rrz8Owg5Dr3B3yqyXLT65V/idkNENnr7IoMvueRAdIWYcyUQ3RpWxnPgl6fsR+2D2pDl"
    "pfni1GmBSrVwM9xy+f2Fq1UIau1Ywuu1mks6FWvsFWvpnbc9JA3SeV1msYE2nnxCmL/heHg7HTHoE8drR8yj07q+5m8h97+y"
    "pv1f1PM7xEtX11PdUVfomY/SWfY9A/fSvEzDkJyYZWTg8ydLaczsONF7TDqev1id29h+B9PxxiJ1sDiDCNLNxEFJpbRicpm4"
    "0DcDHy1Uh5J8gbhPycSO09S5jf1enYHL9w6AZF1EfoZk4nb9BwBI/rn/gky8ZelAnkvRq0nHo90Rt9Vy9QylN8U95w6ES5vy"
    "xbTkDKU3xb2XWME9kiru6nkSXmEreCfZhFEhp+HBKUuIDk4UrbVOQ+ynlfy8nu1xGuJeWfPc8sRnORBWaQX0crkohp0Cw9ar"
    "uT2pfXwS1HTWc8xBib/eag2/X/M3Pwl5fithpFecONLuJCjeQSjO4yuNiqb/HSoOQB0Lz5NCrxCiN1GOZlz4QL5K+k3uTFG6"
    "+1h85D3xlvbL9lgzPr9x//cma8YVD/7dy/1CcOhVD9jYHpHYESH4VKkHaDzBRFUtBD/V2s/P65qMYDyxNoC/Hfgh2WfF/LNi"
    "HvvmGDNZM+nXz9bYuF1LV1mtkVUxo8uvzeJ8Vz+/4jH1R0mANP5n530Vn70OJQxz6VWGcQtzD45nmFuRPoThGb/S1ZnToRdv"
    "Fiu+j5B97AF3pLMp/UqgUo5LMVcWY94TbCwxOdQ/CCvm0xTfPijmzZ7V7ed7UNY1Q+ktuUGrQDrkxVfR7GE6NhuYRo/5ieLU"
    "wek4eF0axdI+3XUkQ+ndeuXoNPo1pFGs3J2B+21Io531MbnsmqH0zl3xbftEyzl8Lty0snDMnzncP8zakaGUw1fM7SvWmirW"
    "lyrWhUb+nMPym+LBMxn4c6diSKOXxOV+2fi9exGsyBRI56/ZmNAivhf2TJH0jLnG6Q2HlN8fKb4tmjjiGnyR1jl6kI1TPYrg"
    "6B+BfLqfjStsCiBF0DSetLoCpWjnw5ehx4xsV1KkKy/i7xlfFV5Weoeo+BZS8azMeVgI947FFz+KuIoezSoCXwOB3JFdUT5n"
    "JxSAV3Iv48inZVK8m8LjuI3XgpTugr1tm94iXbANBe+ZuTz2H28fqnQX/HVck72tbBsMm7s20Y/EIDjk1BKl7y0UFxTvozaL"
    "WyJmiww3u9FnJm+Nn5/IEKNUnWn86u38nlSvnbNS7YTiPaPiXaHi3lSMv66qYX4XGbXIXmmfsrtFnpd478sx7F6SYZbG96Ez"
    "+0nnyMiFSveqineR1Wm9aORKRFw6LEAhbSfRYR2OkfW+y5X++zGqwpO6t5NiYUsfRBM9aaprPBFn+iD2Jmvq/7Vf8b8c/3ur"
    "xfjPTvpyjGWNL6cZn9GKsklnF/K72o+a65TuZ6f1XkRtSxCJil6v9L+UivfF1Ql+FEv+57oL+5DfKxfa2C6KCLATLU13oT09"
    "q8nx5juV2pO6ZQn1j0XE4fkGFOTuRy3vIKLi6ozaLXnE8+3luxNxoNsjnoeZ4Z6o5HMq+oqKOZw5u+rBZRkmUwfFYq2IJ9yP"
    "MugYh6cbNfBc0NqII/j39XrY3RORyP2xSvkchmfjwPCKfubus/XweCImlT6xeNPDXjzfEmFaTA4u69H0P8YF1cT1VFfuz6xf"
    "1pE2K1bB6v4CUbVSpdq71XleZYNGV1oxtwc2LDQhH//UEsbn/70m8V0kWYZhso/G9MBJM+VE6FBHSjr2wAEmpkS/2SOy43NT"
    "zrOvsb6Sv6ToU1n9aM7p2EzX//lfIop+FNPJ+t5P0qlYX63og61JRfSXZDc+1SxHP95/IOFDKsTXDlOUagBmzlWjVoEpooOa"
    "XGmP2IR+JN8k2dxjpqinpgnteStJ9LWbhxxLjWgJq8f7Mwftqvbl/60XeXSP0hpTrBN4KcyjFyR85K9FKKF2P/fBFuVvR2da"
    "z6MlydL53mUx6iOtnz6SPwZuzsjz+HJ6ieUHOixDrUYH0JyhJ8XK39v+53o7vyyAPt1RK6746ISyG4cJLN+u6zIEqdgUCMzO"
    "r/76T+h6I11g4xbi1g2NUo0R5i6SkZ3N2qDBg6YLLLew/qsK+htaKLD/aVl5vjl6dytauOKEyPLm7VGWpPOoNJ5M57+UGcKJ"
    "u4dJUn9VxHSyeWE6CT4s3J+DiN35dsitTQ/yXkUgGzT1kE2AmdAojeGzok5Kb7GPdjYWHMwTxUvuLVFD/+OyvwOlM12vBzpy"
    "YZeM1YkZ7+yBVqoFicwGJvXpjhTrkJfOSZDFhCAS/rcHctDoSa5Ittp92gjkZLDLmOENBqghw9j9opp9knjeqTsap/NcZPcF"
    "7C25Yn8Vx0o9rK6Y+XJ/p/RTeoeu2F/3E0niz4TDZI61NpoetErG3qdvLNFXGp/BByJkKW0Rudqvt9Ib9vzxx2WX2iGSod8D"
    "VaboCFf008Sc1iGk1acy4dB2gXjduUl+L0kXDkvtP3kuQ+l/0lS0xgrsTsrYP4fojpspxL5NF0PGHyWdBD1huORjRFulk/mb"
    "ygRvKdYT7avIijdpQrheshhmkUneJYYJt4ddF0+0KCQ2a1wFVrOxY/UxcshxjLC3TCDRW3OU+Ir/yab4v22K/+eWr7dEmCDR"
    "qs/vklY7cwT3E1Eksf1VMv1IhHDwxg2xVruQ5B3qJTB/NSs2UelbhZIs/78vSVax/Ua2L8Rbl5JFYbyg1Me/h7VFVqNysNBT"
    "aRwUZRXH88TuMULHBERMpW81nLUXg5EJWaLlSfw1LGWPKxJE45NO5NQKS7GLCSLXW/iTY+vZPKaLnaodyItcB3FTgYxMzfEi"
    "yNWQt7NUs1qp/eVt/EVWQ+vaI40EDGlO3kp9/O2yUUnnyT0tSInJEfJv21aOZ3oYXnFMFNup2BedFutE3zYHSESgB5lxdiCa"
    "mBNCksQ/RPF/ehX/B1jx//diO78WoiS67efm9LhEs/lqI9EXBgznNirBzIoOejKCdi/H5HrCClocNoL/H0Vj7kb6b+0o/r71"
    "vu0mGnRiJPdt9h5ZRRPb6NFBP+Sk35aV1FmSrdHA5EfiCh5z8VoCKeb6X/GXnySbLdnDSpuVSv+nyjCshoFhFP+jVfG/WxW/"
    "JV+rwvn/6tdymskyWvG/W9tdacVzs2sWasPD9KH8fUSxyTjYqKXO33DtNBsGa+p0+FvLH+rjIHBpH/Sum4xYLx4NTJZhmCzD"
    "Mz0M39C/F9fz5dooKHQcgCaLmFhFjQadp/3RxC4CGXFuNKyoMBCHeCAyVvsV/btKvZj5zA/KXtJJxv+Pr/+OyqJ3/oBhGyr2"
    "AmLDBioWrNgQrt0AYhdFRSzYsGO9ve1go0nvRSkiCAIK2MW2yVixoFgAUQHFAohi57b7buZ6fu/Zfc75Pv/lzPlkdpLdTWYm"
    "k5nmF/l773nts8ofqPQT6v8dIAUVC5SFVbHdu0Pp34gIamRTyRqdvovfTOq+z+ze9BAq9hXpy/eVKj/Gh46dpdalTyTLOW1h"
    "7ouBml3JVnRfj/aqOLpYs3CMlfXz1ge6XleTtdyKnt/RDg6EhtLjY0ukBzP0ofMqInE9pFbD1qq4u0zWTVP7bDDVHdAekt9f"
    "kTifcesNwHVUGNp3rRfpQ3e5L+pCct+d80NR//yyuwW4yRg+zxzT+8UwOttNoIY+eojh3wDH3DRzwP1RZ0cX2LnDgX3ZJdL6"
    "SV1g6GUHrV69vKuq3kHPCzPZ5PciledeVftAeW6iPE9RnqH0Tl+D9FrEGJIbLER8WQNDFZ8t5kOR7q5vgBiswSFjgnv2Z80L"
    "91Jzyw6QIo1DniOXd1bJw/vi/Qu577/bHFh2B0va+kAXsEszQJ2kY/djqjx+HXU6aPUW68OiMn/gpmkdCX0tUM+NsSLvy3ny"
    "vhzP+XC81yVD5LPMN1qsam5I9j8Xaf9aseL1yo5k6xJLGnQlRlwttsP7p5+Hl1KlzqbUzcIvNcVztDKn5mxk0yaE//urP9dW"
    "3UGLXdYYz3PhRD1mJetyFq9s6MG/JXRRbBPicvOBFDNSV3XvzG/UdTxDOThkkCqftjJf9/n0Q2LqLIGWNRzOhs9NEsdfOCT1"
    "XNCTFV06JNafJ9Ieu4YxpS864G6KeEU3Taof0YstDp6Mcaf/vXJTxZ3u8JmHdLJ5o+q+quWD+fhfN0uZh20+h7zN8ViTRcYv"
    "kXliLmiZZ3DnKeKXvYQWrnIVE3vMwL6mBxdhG/MsyW0lvnpaU7zLub54A7b5O+VtZZz/xoJJokYU6aKaLaLyDmlMUmtxbqhA"
    "Z+7YrbpPunvvL2lJUBC9NtRb5Wc7vnQs5sm5AtYq34vSb6a8f2o6L5tuvB5ErdfuEU/KfXlMBe+rvFuq9MlcvjcP9dIxwedV"
    "Z9mGvW3wH9y6MVG8OnguYsISz6pyLL/JXMF+hFvRFYOyRf/6zqxJv7vSz7JssaaTDTPYRujpLomqHM7vc7JRF3Uz1xd1Q4wx"
    "z4ad0z3h5dmOIo8nTBRrqe6vvZqfg3qs5YqfQtknY5HHrr/XfyCMsWgoNvIQ6ILMKqHkSo7Qp3U8ve77C/lw/Z/zqZafxXVU"
    "/ixlDKfqe1N8Y8rv8+sqXzFmrBWdcNWI3frkIdZtc19aeMyQ6dbxE0tCRVo0rQfbNClCDOS6/VFD9rhXhLhoTqIUN64TW1my"
    "T7wq65MRrfuyT147xFinZOn6weZsaYNkcYss/2rN0P95hrJ+6g7x744geipsM0vquRtz6OWXDlTFzXI6j5HjdGWukob34kST"
    "0wLd6bFJlc9Eacso8yMpz2HjC97Qc/JYfkvDVX4D5XmrMv9SgMFwpuubLB2z9bF8OvATDZL7ztzrLmUfG8Gu21+VRr7PuKiM"
    "31PGyWz0/EyL7BIk67t7pBNR+ixU7rvF9KkqfmbKzc0sPVlDt0Tba5SxN9Ky+RiTs2fnTUtlrM5HU38WyXXyD+6WTyLns7EX"
    "4qnzprOWnM51oSUy/WDvYOwbm1Oi+e+fDaxhEysaLomadyc3MLctAk1NHqwJProKnxX03Ej6tTGY8XyzU0LzNHuabmEb1gg0"
    "8ekojTL++Qb1Z7ud70idPt7VKGOtx5dEM66v/vCp1gyP38s2DbOh2aPqqmKzW5wJZD4bE6XrD9sKQW+j2Z4mIm19t1oz8Vkq"
    "K+T+LjJM8BqQwKL5fcmt44TFJqGsRa8Dku3BrsKNxL2ssa9IO46sKyjHvpqG4Rgn6HzSKMfe0SAZ29NKUjSr5Wc9l8ey6U61"
    "htO5vsHpj2eksee/I+kG475CgV4a4/qtwbxBwsOq28z2SyQNKPYUlHglRsm/5ZEcvGs2r/Vg4UOnM8ypp4aG/pokcDrvy+mQ"
    "ehvvpp3/tUdQPlcZi/5z12kWmBBMN1lMFfq/PMWOHxbow8u2wuWvp9hWDaFTNo4RZqy1RT/t1muPLn4bu17qHCbQlPbu9IPj"
    "MWmSXqp0UWeMSrdv6HudBsjz2aDmgrS7XjidN1OkuTPN6fQ5PnRL8U0paeAIar8lh45eeFAKeUmliR+H0Tvyu1gcMIVuKj5O"
    "l46+J61/1ZYuOEAp/8eDFzajh0dcQp1t6eiDKrvguEzn87BEph91PYqxr1vN/qFKnpzOY183y3RlTKzSjlDGuJZ0O4iYuEk9"
    "qItuc7bD+ZB0xUVf+nPiHGWyjRrgfk9y3PGWGjvflhxXv5HehfbAeFqftw1VY182itGOxnnSiegW9Jm8B7etc0dK2jFGUo5d"
    "OUZl7NwF01TU2zf/a6yqp6CsxWD+OxZ1ud+PRWYScBBjnLIMR7Li1GAWbSWvn9ajGOeD9zhkPk9mHWTX28bQwqsj2CGnEHb5"
    "i0CnzbNS1VnYnn6T7TcpkiJqjFiPymTW3PSU1CJxFHMamMv4edANF1NWp2sK+yrvU4blo9io7AyWfIZQa5/BrJHzUdy/AisF"
    "1sorA/e1UH0z1qQggwU1s6Zx483YroRbbOZKkWrsu7KW7BZzfEPooubdmMvA2+hjdFzQTDWWzfMPa/2lEd2Y/8MMxh4Sunec"
    "GfvtlIOYP97dVePKPpXBfm/SUOfgwciTj4vz9IjOQVsmrm935IkxYzLPKQ5ZqHM2zjVjO+fkMF5zZ7Nvd6bM8aXMzaXM63Wj"
    "fRH6IVN80kkDps2334BmkMaNH4C9PMZhfhlk7qj7YMUe0j8Nj6pyiJmPvA/7DRPp2sZHSec2D2DMPyK1PJBBFtbX5scLd9Ty"
    "5O+O8zz3okibJyoxnfhHFkHH4da0UEgny64+wnPM0+3TyLbUYmwv9j5IHr0qgZd3RdqUx575F8HHF4VSiG06qXpVBNZOGjoz"
    "Mp1szCmCvi++SOVeavmVz1XGxdndeYYxrmH+KcSm02PE6wceQTqfZ05vIMuWVyTQ22I60YssRR9seMEhxHOeHF8uy7D9vSVd"
    "I8vgd/Yx8l/RKA3xnA/HT71eAvws0nFTsmpcwxs8x3a9yngyYUMZRF4ktIfRflV8Xdt7ZThXfXz3q+Yh8XUJ6MntduOTyah9"
    "ZWASXyX1mrFf5e89NvQ5tJ94UZr0KZ4kyXwCjKxo2Zr9pN+TdOR5zag9eZWbDrscCPXu0Z70f50Ol4tEOr9De2Ivtx8nETpK"
    "bn+WMaf0CPWQMfx8mX97/Hz526FU7Xm0QQc8m+b/OD+bVvJ50uwwfmPTfrVDPJ9zjlfybDJIy3N1kpHq/Fp53s0xnM4xz4Y8"
    "wbia3cWupGDeE5jaTKT/WLqS3qOfQD2L91JRuCuZtuEJjHMX6druruR+9BNIbmZFh1S4kvZOT+CH2zupbbkrebD3CeyP0VDT"
    "Sldyu9Yz/AayQnYR9qcQzpwIon0D15A7Mh/MtWi8XpW/Mef4E3zXGz67kVrnS5A+Nnm7iien4x00mc75oH9e5sOfxdv8WUo5"
    "lWN59L0QVsWLdHruGlWO4rqnCqHLeA3tbr2GKPMhK+tirNpUAMs7JdLVji6q2hnDq/MRw3PZOawqQJ73nF3IlpuFwFoT+qTP"
    "GnLwvPZfOB25luSeLIQD52S910ZL5305XRkTtf/+Deg//JJEhg1XxU0p40Dq3bsN9daKdG/qOKK873/hVS6YO2vohjpjVPEe"
    "yhiPsy+uwJJ7QbQ6uQPR8b8MIZ9lHTVYj2y/ewVs4+V/7XIH0jf8MlT0jaRn7PRUMT/KeKFanlp89N92RFmPT1njTxlXr4yT"
    "V9bye+c5B0L6ifT40N+CMsb+5+B5kNYlmh7WTRIehMyBGUM0dGxhbTFz3wLk42b3UeBtzoe3P3zVx3no6Q9S12364HfXit62"
    "+aOqVTRhmhbjZ1yLKusZKWsepdeqjf+Fh81baqFfH+W5WnWA9l9eG/zGBNPYWxV0y66mILYkdIduCmK4PByjrK80aGNjbDdZ"
    "fpLaX20K9xsLtGVEPG0XXA9ay3vHsYOP6KdNzRHzsXY4rVnUFIpcNHR17kGafrAenlUd2lZEwXgCyla7ypgtPWKN441rs5A9"
    "PTQK8lcR2veHNdL5Whov00EYjTInbnZgf93H4lgiTg1AOl8r/o/OeSJd5s8xnH+n66OglZNIN4TbsKyWM3H9Wbr9Nx3xYizy"
    "HOowgS0xsNPijxkwTseaVjK99mwHbQ1Hl+as2XE7sODrVW0DpHPZOF3XdwJiPu4RkT9vc/6/CuzgdppI/T0NEMN5cswd53GE"
    "x1e8eeXJfjwcR540FeihgR7syqRxhN87+/rBVxW3+WbZSDJXT6STiDubss2anLY5KDUd48uUcaHKu/Yz5f+twV0NPRLrweov"
    "HUkmWMv7bKY7e7LemhyS+e/y8mWtPjmTS40JTR30jVn8ciFz2+fTfrQ2XO66nHi2kfWu/n9ZzLiVeN8/YlltVZ1Bjddybd3Y"
    "+n/Z1DMLiSsVaONL/7Gv+c5k8X6RLvf4xm4+na/N0denhl2P2E6a6+XT7CFuUOvDNvRT9eq2G9rv20ZWvBJo9rMdkE9dtLVQ"
    "//XCNp9D3uZ4/r443n7xajxb/NbIXVVL6HPpv9i3Q2sPKMjZSkJLRfo1dYeqntEnGcOfyzHzNmzA2O8G7Xep8hSFpw3T/Jgq"
    "0u4/2sH67buEnSECrd22CwR02yBwX7dDRBcY4OEs8L0428sI9lbvEkyC5LG37gp3Wu3UtDd+LrVc0UF1p9hzfwjW/rsU1w2U"
    "dQODbvQT+N7k1bQz9BKaIGZClKGK58qPDQQ8f39nAI7tmwteH/dRC42hqg6gUs7VMh59pzJeeX+5U7FGG6Nl+JzdbyYwvatX"
    "pKseZeyIjwu7vva09Na4hA19tRX16nc/nrMW3wlbl03ou8nlTAwQkF7S5jXTyVjDvsl8Us8WswX1rZhNjUBLT5SzlQPWsL9d"
    "z0hmT4pZlkwPrBRp6slypvQJXzkagn7jUe76UDMpD2O0/nNsC9G1H1L/lYRO+q0HBT4P6Hd3Qo1M9cH4ax7V3HkshcTqw/E6"
    "l2lfk8dShZu+yies9P0qfchd6hrgfYo7WW1VMfON/R7QCyEivd9XHw49boi2xvxbrVSx9Eo/M8fwvhwzVZaz+w+Rbpfl/OqW"
    "i/w/ud1W1bhR1sfhdP6ukf47B/nstHvEdj84y94ma+iKvw/YK8fzqJNX9Spmdma5qNsPnHqbxW1PY84kmtp0L8K+GBMo963d"
    "/CybvlWgPXfnY19O532rLbZjTNrAwDBVTv6QpV6U77MNFoSr8vMrc/IvC3hEb2xkUurus5DVGegSLysacPIs2IuXaH9NLTr0"
    "7Fl4/fYx5b7TFjrnYHO7p/ju6nidBfrlEf2677h0pt45mHf1Ei2w/istOXwW+p+5RIefs6LNT59V5bxS5rkCrxycw67fkmHD"
    "onycq19J2jbH8LYyb+q10cvQtvrHrgKuLl3GkhIEOntyBTx754J35AdpKuBCrAt7lkaoWd8KeHBxGavaLFIj8wo4Os6FVWcL"
    "9IxVBRR/MmffFgbRTu4v4MMtDb6vA+yFqkbweeaO9qbjkrewKsUNbailFpVwTqajbSXTlTWIm+1yQ1u1dYtKlWy+FQsQP9Ho"
    "jUo2P5nO+XP6/5LzZl5v3H91Kw6Cmb4J7o/rG6Rgm9N5u1lxH9S1xvglI563OZ7TOYbTRw9bCC8LCQ2aeQzqlMxEO8LDLlsV"
    "y9dkmyOsHiPQldsp9O3jBEvOWNE0kg25RjOhk3mJ1Hb5Rcg1dEId42xANgR+n40xXV//nIQew53gmakVvReYDbdazoGeX5Kl"
    "B39PYkwgv2/OYwJV9Xxj58HHJtFUP/4kvHs+EzJbR9GePhdV9X9ZXyeYmSrQFrIMyhhFZS3gWm/mAPeH9O2UrYo/7DnfCUaH"
    "CnTd2Gx4120O3Fz5kHp+uwDrDizA+jUjqrNhk54TOG4g9FdMtkp+5zpm0LJKpNeTnsGtZto8qGs2VoDB7AHAz0duTi9DOuaX"
    "lunKfCzREQPAtDiG5q4rgz7nhiPmv+nPVflYwnuYQc1RgfrpPofIx6bI/3nfcmzz98XbQ3qbQa2fAp18/Bny4fxrZD7KXILz"
    "+rpjXo45q/eTfaZHcQ3UKz6IdL52cfqNiP3YlsoSEMP7cowyh2GOjMGcYDImb7wxGyHbMrkeh8jzJ6eRntM6UYXndM6T0+ss"
    "6YnffLTPIaKsOwBfntLL/4r01siDZISYyq7ZFEnlkw+rYgtDBqbhflT8Ko1sOnyTxfNcke3Syf+Kp63JSsd8FL/epKniD5Ux"
    "tEbxN5mfbYLkNjid1PnupME8meGTCM+PyuXv+mIEyV5ojO2hvmORzueE028PN8H9NzXLAjF8LeKY0aN1BMHFivoPJ6oc7CtS"
    "TAW+dlmlWpCUCQ2FinKRVowmxK7mFGJOHR1NikbqCM1aWNPNywjZ3qyhMMnCmnbYRYghLMV9//NpM7Jj2zXhlJ9IL87sRXR3"
    "/yP0n1Eh1dlhRsbWSxcWpJVKJaF9idRrmsDX3hsZg4h3+zDhhetTycVuALFusFkY88uK3kowI70N5wsbu0tS9pjBZPOfTcLS"
    "cELDZXrzYRuEFtSKzthjRtYVRuJz303vT9a5as+1O6/pQVocyBecez+R1o/rQf70aIC5Xl3SDcnDskzUc55m9iRbc64K/N+/"
    "Mr4XqbC5KpSNt6K9zHuRsEENxV7bCHWY1onM2HxK4L4yncY9ydl+jcRW8QK9U2RI1jyzxLkdOsicvOtTjPPvW9CXtKqMwfl/"
    "Xz6UvJXpvM3pgc08Mbfte5dBiOHfP8dwOp9bTl/keBb5xNfrR05YbxDcDOVvTx7jpW+bhOvpso0sj/3sxGh8Rw129yffPJvi"
    "mfu3kI5k7o6P2De9sJdKzhlf6yDm9qzOpOfdZnimJpZr8XivUMZ/i81Cnod/9FGNnT+Ly8af9Xv0VeFbjkjDzLV4Tud45btu"
    "eaGhuOiPSAM3dyLBq3oRfidi7I7FkjJ33O2uPfB89sXnaPqqugPmmvuWLtFkf22tt+aD3kq6E7oRszOWdPJlb5or4/m4KmS8"
    "i0k3Eik/S4d6UWVsnibVWFtTb1kqtjk+RW5n/NMR6fNXfaN0gTafw6XQekzZl9O5bCDTlfLwvpw+V+77f/c672+pR1r6p+B8"
    "9ttcLoaNicEzzbCyn2JRvxRtPuGa1+LQMh88o3QM/iUu1T+EcRQewyrEBXZe4i55new7qhbhffk3wPsaDY5CngcSP4nj/9mO"
    "76irSV3io+clTrkv63WGtUiueZRY9uQgvb7sk6jMG1m4aiEk8nv0gw9D0/iF8Kh/olRsehgMRyyF288EOu1jmiqf5Ogri+Fg"
    "8i1pa0Y6nCtcAv7yfjEjPA02nnfB2OYqm0RwrbsUtl60os4VaRB8ywV2rhfp51mJIM3XYqbnJaro7l0XY/xzRbL6uUJDF9yb"
    "GqSnQ2npWtzLRHoA2/zskreVMtT9sQL52J5LxL78PI73VcoT6+kCmfJaangtUTWuH/WWYU6Ymd0PA7m8DPbMkPeJiSmqvsq4"
    "feU8KGP79eoshN2iNW1ScRSUdwqU43r6aAEckOf8hv4R8Fy4EM4sFanf2GPw++cCWBKRJI1vewSGv3SG8FF3pXF2GdBIfz7m"
    "SHl7KVM1J8q7BkqMkue+nUtx3ibVOwp3UpyhpPVDKWFRhmrOOYbrJByz0XUx9PgeRctPHlbNYaqvExwdmUiTulNYOWky5Mm2"
    "cL8HOfB3n4PWtzYWIGbuZPSBNyvMgYG7HFDvctl7HV79aw+XHotUf8c1yHR3gviCh1QzgMLCuw7wqCyeNpgOiOf/F8evvzQb"
    "+4Z6AJjesodfhQI1enoN6RzD6SMS7eHnXYGm7rkGreLt4cU4kY67fw0G/9cc7y9UWVaD0a/m0KNIoOHHquHtq+aQuPyrRFyr"
    "YXdyCyh0IXTTqmpYc6cF+tzi11RDC6kFCG1E+n13NXh3M4Toq0HU//sb0NHRRXmWTfgEeb0aYz6QWuPfI53Lw+lGGw1QJ4kd"
    "/B6+HmoBpbGWNFrmP8WymbYm1PSPkBHeEf08k1tWQb7YGC4diaOxy99DN7kvXwd4X6XMSnneOZuirlVW8gLMxvfEOf+a/xp8"
    "C0wg97hA9y95DR8DesHyzZZ0TPvXsOJIX5Sn0u01hGb1gqn2IvXto6VzmTn9zYd2iHHZUw3tWhlCh0SRbm1QBZUyne/1nB7d"
    "0wRly0qqhA3tu2hzS16oVPFPOtwVfTg+Nm/hxH1D6KuroWGlbyDfrgsMcdhP21yvRD5YZ03mc8OnE7Ybjn8H7T8YwoJYQo0/"
    "v0E+aL/LfDYMMITc+QLd1L4KuvYyw3fkEPdMpYv6G5uh7n2u8XOVDqnUFSNkulQmUB+Z/mq7Mcve+1cK2HuITBxwhmZ8eSod"
    "GJxIrvfsjXpXeZ8UYtU8G+3xibIud1N8SvXvWNFx9gdJhwFvKY/befopkcw++xTtype2B4m7mTETMq3o04hDhNY8pZpAK7pS"
    "1vF2VhoyP93H0u1ah8i+GiM27boVHZZ5iLiSO7Sf62NpkkMSyWzZEvPJDzJxIftiDDQtdeRv0siFaAY01mz+JVLSw4VU9Gms"
    "MehDqCC3HQ4ZaCI2ErpaxhwbfdwS/SSBTmR3QCtN0jkbellwIgmmHy25T2b8mTnE/LDvRT4ucxsn0tRLR7NxpA1dOsKJXLbT"
    "08wMs6ajazkR4+UNNMUNrekkub0zbyvK4/Zkkko3a3Nyu+ZPSyv6va4deRDVAHWe8OlEpQcq9b3E9f9oTsyzpsFfJxHLXlFo"
    "nzZ1Xksmjo1glxoQ+mrOGmK/PgLp7e3XqOrOPJoexZq2IdTWfi0ZZJ6ONuzVa64kcWMqe+wl0o4vthGfyjRmGy3SL+BKBu3T"
    "3r+TfmwjM/qksyoPkbaPc8Uadqjb39ilqnGjrE3D6fw753Qlf2X9O5fqNHb/pgUVLrmqnqt81o8OvoyvOednLVDVtB2e481C"
    "ehE6rq496ffXG+U83tWeCM/9cFxTExYQtz572K8IQm/+mkKUNXYDbuzCM1bbtYOJ7vJd+H1aTRhEujTWxsBXew8m2Yu80Ad1"
    "dOEg0j7Vm81raU3HfBtEZjbdw3SnEvrt+yCSIbcXnyH0j9z+XLIbea6ebUx0u+1Gni7DjMji3nuQZ/ZrI1I5fw+bNtWarn9h"
    "RObd82E1Xy3pmXnGZE+eD/NJEemOucYki7bEeDb3rCxVXJwY3oG4F+ZKxZ/2imNpe4xn6zQ1SrQ43ZL4xxDK3LNE+7yWJGUv"
    "oXuLskTaoT3mLYm/HC1mpHUk1gUi1bRQx9fVutIHn9Uiw150b9GfSDtEal2vvdi1bT9iyJ5Jczw7iJNb9cVn+a0xEO1cTZDn"
    "mOop4p/svqTHLknqdqytaH2wD/nQxobO6zJVbFTajyyTv1XnX+3EhzdMsG/F94niy4I+JNLSmp6ZMFVcXbsXqVMEUocF9mKt"
    "0FK0C3TaFqjyxpQv+Yt63dac20jH2hMyXTpQhvqb68hbiMFcuzJmTIP3YoEtoR++5yBPrBMk89TTeYH5xg29b4kWnd6L9bJF"
    "em7WDXHz4HuYU2JZVp6Y4nlfdDQhtDHcFWuRPIz9i7x/Q2yz7Q62R965KdafcU9sN4nQ11fzVDU0lfIoxzLD+76YxwR6Suap"
    "rNGplGf39HtiYLSGfriSp5L51uJCxGvKc1U1Pa8k5mAsX/SWIrHmZ7w4zE2kU/pXq2p03txwCnNB1O1TLEb3OI7yh219JLr7"
    "nhHf61rTxTOfirElCeK8ds+lO5VvxOL1mShzaf470S7ojJhsI1Bh1lOx3qy++K4zySXheZcBpGYtoSeHgjDlcz/yLj9f6jSS"
    "CqPu9yeltWzomjIq9Nb0xxxKP15IQrv6A0ivT/K/9p0K7vpeOM/jzGsRpR6ulEGpSyvH1fuGJ+JbPPgjahK1fE7p1CLXLnmJ"
    "0Qut6JYOtcgIiBdjywg9UfJOdJocj/i6YW9V+vznKHf8N6Ns9UmdEu2/+XiMHrnYyR3bjRbokOIH2v80emZ9Yunnw86tJNSp"
    "VI9Y9fRh/8h7xJcSPeJVpMUIc/WJsna2su62G9ujXYvGVYthxzdq6yu9fyAmSJuwvW+y/A382sH+ic2TRi++J+Z77WK5DlZ0"
    "zoT7Yt/wPUzqSuio2dXiZGt3NkreW01z7onVX/ewXHkLdB9VLd5yy0c+K+ke0ictF/O/Zaz1JHRPAbM+liM5zt5DBuc8QRm2"
    "nPYmkdueMGNbDV19zpts7/8Y17TQT97k7v4nzGyqbCMkqTHK9flNxn22JSOJXg30Uq35Bm1LEdM/3pM8yy1igSNkHcPTm7SR"
    "6XgeLdPvRmtrTjXx8lI9S//GC/Q5T7+2h3Rs+ZiZzyd0+T5vUjz7Ezu8NJ52G+yr4n/xbzniM4b6qPi796xEP61ZlhfpXb+C"
    "DdQk0hwzH7JLpnPMEJn+rOMn7DvDxpc4PHyGfkjXcl9yMUkb55AieJIOI0tgRs9zUv5cT+LbqxR+fvwmuV72ILH+ZWA62Zq6"
    "/fAlrZZr4xx2BviSjVXFwNe0ZD9P8k+nUvD0sqF9Mz3IshQtZmFbP9JWLAWfOVb04RkPcpvfgzO3onl7fEn+8TKYNIHQ3a39"
    "SHPpAOp+qYm7sM3XOt4eteGg9gx0kqsqDzmn4/np/0PnfTl9zcVMWDH0jdSiejQp3pwJtitsqN41W+LtmYl63ccEWzK61VEc"
    "771uY0haaCZ0TbCiCWBL/qUlrOKkSMEwXtQ8KmEtJlrR5Atx4r5VJWxa7WvSn+77xH0TS/HfaescJS599Yy1GX5aCroWJX6+"
    "ORzHa3EgRnTTGQ6d5f0lMyxGvD1yKM5P1bFIVT6ruEvWcCbcgt747CNePDQU9hqck2zWRInO9YZDVoglHRsVIx6+OhyiqwRa"
    "+1KM+NZoGMocuCVC/F8525W53w11GqFevTZ3udDuky68yw6iz53SkI4+dpmuzAn/rIUu0qNpnHDjRQVz1ReoTe+mqripBbcr"
    "2Jznz6Ti8y1VcVmnfMrZu49W9LdLc/Zk9G1W/85FybZRb9aZ3WKSvUxv3o1F1HuL/6nRs7asNOA9nkeMbvSaKuOplLFYyhit"
    "uQve4L9TMrmZSh5lnJVS5psF95FnzZlO+Cz+X9jKz1LK2XlpOfOcJtJVWc2Y6Zo5+I5m1fUXEtPn4DybuHkKTj+cQLPyrnTs"
    "ubegzOl3df082PtYoL4jfIQ99eeCe1yulH3ZV1Dm5esn493fi/ROqI9gb2GNPLvsH8lOjzGH6aaE6rxbxkz8R2BsjPmnpSx9"
    "mDl+G9sPr1SdlYeYm0NorECvua9k/tNtwOriNWlyT43qjN6iziXYeVSkhUd1ydgghrZ293d1iLKOgLIegUlfAJ3kfHpwUz3y"
    "YA3gnfF/xjYkISUA/d2t6JXChsSmFDAG4/IHXdJwgbbGQdvRn8Tbw86hP6dD/Vuqe9NFD87D4vYBFz1v3BB7TqfgO+WSlNb8"
    "nVj36nk4W1+wmHD6maism9C9LoXBBpcvzk+oFoNbXoBQ+3vS85Q8VY1RKwcK9euZSc5677CWPfdF8Fr2li1O4HnEvjhrMfTU"
    "KRzvwbe7RIPK45gz4Ww9G3FK3dPoZwjZOl58duEU+Lsl0DovdiEf7mfgfAaPPYE5WIIaWItzt56EkfaWdGnvBdgXzzLkvsq6"
    "6sp6N2edj4LBf3elsGX1xHV5WVpf05R7grLGjbJuzrd5WTh2R6tmYva9LPg4XKRbfO4JyjryyvrvS3WPg2lrgd5f0kNU5mDv"
    "bJOO4/XZFCp9GJoBI2aLdNlEG6GVWzrmfh/fK0qyH5aB8s9s21PaeSsdDO/LOszeDtKQyiPYt+DqMIFjOE+OUdbWUeaEV9bx"
    "eTY5Awx15W9btBYyDTNgYYcQ6vaWqGr0KHmeNUjDZ802HEm3/E4DsSKB1vy6JTn0S4PiVnH0U2ML2a47gnIOzfkj8Tbvy9uJ"
    "37V9n328qRpLm8ZajHCgA72zKQUclshjMSqhSp5dMlPwnXYRS+nDJdrcy2TNHTpFkwp7qYbudA6iStky5qdC2zhCPTL3IJ5/"
    "MxzPn8Wfy5/1emsqNDov0LH9fWgTx1SYI8/J0FdBdOrEaJIf9Fm6fT2ZmZ6NJqaJIn11Jpldo9HkLbdtG6aw+ZOjSaj8j+9N"
    "T2HvJ0WTlo0F+qpfMut7JJrUWqGh3RulsKTZ0eS9PIdN7ZKxLjnXYXhdcmXNvhGCtna5Re47pqzH5/JLi7/MPqpqmnM81gSU"
    "8RzD6RwzwNYdbZxJl32ZS5IvkQ5aU//3wSy8yJssbVoqfT8dxCqG7CGLJp2W8odFsAMyPnWoFV302ZdNF9zJtpQs6d/8YGYx"
    "1p2Iz63o1wBfdnu9B7m26LGUnerPLoyU+RdmSq+/BjO7VukoZ5tt/YC3uQ7D29MWpSJ9QsIQuF+UijEh7p0HIJ1j/o/OMZz+"
    "/27/H95aPwXbIwI18CXkAMbDQIU1dBmZgu1OwmCkY24ume7cMZnMmqehenPNEYO1R2UM58P5cz6DPxwk0VWyrus5Ag7WTyZ3"
    "Xgs0aN8IuDhaW/O9x0CCbf5c3ratSUL6HM9RsLr5AXK0hUgfRtmqnquUjeP5e+H4sB8JJC1CpKfdbOGXQQLiJ7YfA782fKJN"
    "91+XjrsUwn67MrrJmdCNuwqhafPXGEtwq7JQVX/8ZbeWrPqBSG1MSiDCtKlW39YvgXGl2jw5bdYUQkTv13T1UpHuzy+EBwNa"
    "s1+1n0hNE4rBLO8ljVpG6MPnhXDUrwUbGGpNh48ogTYnQlmjR8cl23pvYFOjYDaqUqT111aBxiaE8Vya6+dXQXmLDJThg101"
    "DCg9wkJOy2MXqsG8Mh1leGFUDWOHh7EyeW991/MNDBgazAJWWdFlM6ugXvPDLC1XlHXUahh05Qh7EKqhg2dUg016V9wHjYXD"
    "IP3XGkpGinTA/Qyw666H9CUzM6DsuD7mcrTUy4J7qV2hjaVIb4mHYdBoffCvvCoF38qE90P1YMc3C3rJOUOV766b0b+QXytF"
    "GrsyGHJ6uEHdP7elxq28oeeKjbh32D0JhnUGW+Hlc0LH2vuDn+Um+FfvrrS1MgicPm3ENdxHxx+2bdyKa37mcX9ouGUrpHYR"
    "qWmWPzCLXbhP3anjDeuyN+I6M6wiGDQRrrhnRf/2hisGm6CuaxSt/i8Y+u93xTVq+tsg0Gm3FR7d19BjU7R8+PrD+dz95gpt"
    "WkfRyqZ7EM/XQI43rdmOfTPmqmXgdL6OcXrx+K0QXU+gzWf5g9msrXCzQqDd0/1BZ/Z01EmIGYW1R6egHzs+8Bqsd3aAxWOe"
    "SNu8Af65ZY9z/qdY7ffuWOwIGYYi9X5Bwe2pI2ISK6jKf54p2sOBB0HUMOgatHk0Cf3J217dAKG7HbTdEkO//HcDKkbZo387"
    "dMw1lT9f6fOvX2mD/E/Vfgg3rtqA9QcNzWz0EOrXHoX06tUPwaHuKFguivTQyoeg/8EGMqMsaaj+Q2jxyAYGtBdpuwUPIf+a"
    "HdoRc+PvwOsrAvqWLzd4BPf0xsLymBiaUSsP5vcRMXZxZ/dH4KozGn3O944WqJ778eYY9Id/eHsX1i63QczVQ4WI5zotx/Nn"
    "4Xmc/CylbM6F45D+eOQDbGOdULn9v2Re0rE2vqOIxPdgeaM2jB0s2xRdP8KIotrwaI+Grhn+EWa1q4P5OZPS1DnAq3XrQJT5"
    "NSm/3wdVDvBGM2rDxj5XpLxP7yHvRC+0iQLavFb55PX0DFEvnc3ewAVdQ3it+1v6VqtK5T8P/G6I829U8gaC/HrBGHN5D23/"
    "WuVLV54FpO+zkXzdHkiOBmHEGrwvnvUQ6JXlYSTjV+JF9o9Ah7QII9kH3CWuhzfeHUoCO4VLfOxl70KJfkzCxaV+VnTaojBi"
    "aXf+onERoXcah5Etq89I3Hc0dX00adAnFmu475seJOurV0fy9oQhUUjHGpQyXVmr3UTG4B4kY5Q8y5pclTgmbU40sf5YeGFU"
    "3QO0XfPg/ymz/RJ3S/7vPPvPT1U7fumGhZpLjWvTY94epFFi9QU+liXrPFS14KVefTXdAkR6ydqDtO/RS8N9Kb/Ag1z2emXJ"
    "34t4yY8cGTFfUxYv/7OeHqSNrxPLnynSHt/SVGcByfud2KHou9INmzTV+ULVhQXYzp+dSmoGG7MQ7s+MPESsDzmxahMrurE0"
    "jXzzX4R++Gv/biWdXi7SGPwU6OplW0lZx1FIr3VwC1m6zEDDv4dP5lvJh0OC5ncLKzr/+hZy+M14TbdrGvr00hYS+GutoL1L"
    "q1HFDChjDJRxIMEyfgDew9Wo4kCUcRFf20xAX1+9uXrY5v8XbwcubIf+wKWn2iGe8+H4CTvbiw2v76Wr/rYjR1a4IJ/R074L"
    "GXKbY3g7t8dSceuKhzSxIE/42dMK88AP2wfCXDDCO5WfX/4UVnRZij7JSpN7SOfrLad7RPfB+5i/2W0htJkt+t96374mtNSZ"
    "LP575wFtNe+GMNy/L95jHRyRKxRWdIU6gyzpo19h7EauHvCav6dOZLBnXga47jWYsR/pfFycviTdGDHfFsSwiycMINE6hgZ+"
    "2I90juH01TbtEPPv2VR2cI72bK7yqD9rfaorPPouv7uMCPbmqCGuLbkBSWxIrW4wMkGgIyaHI5335fRusU8whvDlXwZb7zDq"
    "OtuKNrYGsEoB1Bm8CUBrzRXUN7y73QCvt1foGBOBfm55A4Y3eEQ32RyXHL0AnBZdovWMrOgUue/ZpZep/QuBrmx1AxJvFtGO"
    "t89K6R0BNj4swtjFJ54AnWb1wzV272wP1Xjvf+uFa7JjuI9qvPMa99KeV/aKZFeG9cZcSSsSfdh8mc7XUk6/NbMfxo3/knne"
    "PtuPfCkKorVpe/F72GDUJ/f+1BOVPtuxZb1RZ6tp2Z6OCe2HsRwGB9qIO30GYAyzNfhrGqeZkv09BPr3SyeB8+F4zof35d/k"
    "N7mv0YP+ZOs1K7r5JRWetuqLmHYdK6Q7haZktPysb78MBc6Tf3u2Mk+O4X2NZMzxikDodOak1PO6EXyy80O9ose5YfB0oD+2"
    "n88bBE/n+0HbegelRheGgXvbQIjME+h/TwfBuPH+kPF9vxS3ZhBkDA2GhOaELmxoDE7RwdDl4ydpnbcR3C0PgLU+hOoYDYK9"
    "NgEwpOFtaelLM/h3bzBc/yzQDulGUPE7ABx6WtGxtwZB4ynB8OoUoTHtjGHs23JhpW6CdGLCK+YaPlLkd06TmlWxmUkjRczx"
    "ovsV82BwPYfnwVDmx1DWZctdmi1cLU2RcktfqvJmNHvf+iK30U6cf8MW3jsjtG53Twqt+4Y1m1UutP50U+od/4ZlPghFPWdw"
    "UyOw/eKPepTz46GqcSWXByEmocwM2/z/5W3lXD1+FoT+jUd1u6vG+7F2IBh0ECgbNAj+yH35P2v0xRj4c7lOZSY/d5Kse9l9"
    "PSCtc7aHEj1PfC+evk5w/qwX6n4rGs6FHx5eENBMpAXf54KZvRdijuo4QIiVD+w8IetCwybDrynekD0tT7rr6gifwQt+VxC6"
    "eMhcWHjXG3XOTk2mQ9HO6fjP1iTnqHQMpe6k1FV6PJ+M3/+1Lbnwb/MJuBdXjc9FPpzO+Sh1LY7n/Dm+zWAt/ue5XHhV6Ytz"
    "aNpvKhSbeOA8N5q2ErxrvLH9vvt0cO3vATe/BNE/t1ZCSHtvnJ/h81aA409PsDkWT2OSFiCdfw+cznnyd815Xq/0RD5mMQvA"
    "INULHEcI9He3udDHYA8MKthHN4ycDh7ynOw20VCdwer5/Ovwjm1dWialZxyGgUvesdA11vSK/WFwMXunPUcoOwLEsx7qSM2q"
    "M+G4t46s93yX1i/OgBVv60HFhqtSz4BMOLC6mo0yEennUYdh0ywdGBJoRQOnZMAfJx04QQmdMDwDUrxi8d+P7JrMLLccxHUj"
    "5ihl+rMS8L+27ZzFzALjsabA5aun2bKKOFw33KedRDzHcHx5eTza1y0tT2Nfzof39QrU0ie5n2Kvi+LJjuf/Sdkhpxl/Ll8T"
    "+HMH+RwQvhwJov2SPSHjebjA94h31Z6q+vKZQ0ZibN6h995w6PUwxPQ5762qR5+cMU+4qRdPf42QvzvFvdSBqUvYihs29En0"
    "VDb1wQaWUvpYimVTWEXQCpxPR/f57OjfKLxfENpzEjMsW8G6vrwnTfrmwOrFL2EW3QXa5+BUVpcuYW/kf2f9wmms5m0ongG1"
    "aTeKDXoSxb68zZLuTJrIHrxNZQ4TT0tHflmr7u1+eNcZ31do7SB275weNJgk0vJFSWzjPT14Uv5c+v7gAOvdvBvqpVPrhKv2"
    "Lx15j5s1XqCR8h6X/dkQxJ5PpGaFUUy5z+qc1wPj3wL9IPPc79IFVly6JQ11CmVlYT0xXk6sv1m1L8SfNMV31yVkteqsVrkv"
    "KNf/7cl9yF13Ql91mCrqOWprxTZqu1nsvXog8tzcQ1Sd7XL+/P1y/hzD+XCM8ny52axV6Lff3aEz8DbfL3i7vNdqjHtveNkY"
    "zs70Q9/4pLIeENLBCzGnrxhjm/flbWU+HI7HO4Yy3uufGrTHe4f6kr0u79Af/qObt+o8KFqmc/4/Zbp5vrYmkYe3D8k4900b"
    "U5HuS0bIdPS9yPSqXrq459429SeDBujinl5o4k9yyETSvJFAr97TQH7gBFK/j0jHl2qg8qBAFny1op51R0NfU4I1OwZtGQsL"
    "KyaS2vfzpNdpIrQqnYhnrD3/tYJjQePJYs1zaeopEUihgP9O5NtRMCNOJEsbXJNabxgDHy4JZN13DR2pawtZMv+4XEJ7yvzP"
    "rcyBRQ2ujHTrOoLUfXwF5jUULHrH9CS6kdfhWXmZRdW+YWTXkyvQ41AHy6pTPcie8TkwsrVIm63uQ2x3XIe2uoJF5/RhpHPb"
    "HNBvH3Dxzeb+5Jts0yb3EKnhxu6qWsaD/16HP7YijW/Xj7TRzYGqumbSwuOmqruWyrzoX0ctIdfvB9FKt37woN4S9Pl4VvWD"
    "V1vmoB9PXxoCyWunYczn8W/mqvrRHMPxHNNoqDPil70bANUPZ5LZUQKdNn4oKGtPl92cSXZOFelozTDYenYmOSfbaDovhsKq"
    "LzNJs3vPJJ0GwyAsfyYZkmRJF48bCh32zcb5vx86AnrXzCLno69KZSnDISxtJq57p9oO/588O+YEYd/HLxdCakgweWMvv4uM"
    "xcA2BGPOotaxSyDYaA+pPbBUOjRynapmvduFIJJicUEymrMIWLwvadxSpP7iGog94IvvfbpmDfRdEYSxE7tvOIOpRzA5naWh"
    "Be5LoJVJDD63d4gdNLGNJTF1RPq41B62943F8/fPX6fI/1Ek4Tba5ODZUDQkkuhNs6SvZsyBpraRhOgT+mHbHJgyL4KE2Mr6"
    "cMpM8JP7fp9gRWsa2MMQ/UjkbzTbEWJqR5P3crt/0+kw6dZ+pN+dYQNZzQ+QvkmECtG2MKlnAjnZ97pkessGxl1JQBlcc2xh"
    "5Y8EEuNGaJibrcpP2DchifhtPyXNrDUcNndMJo3mCnSrk7nK91iUdpBkzbov1awaAUv2JeE8dEgervJnxr1OIutqqGTTerjK"
    "h5lfPw2qUxOky3OXSS3vpKB+Mv6FOz13KA18/8uVBvz4K/2slYp6iG1vX6r0+d/en4r4zDWZktJ/vvNHOuo/lX/HS0p/eIca"
    "Q/z2hnZMEdeYm+B3a2YeIBLHLrg27n5/AOkcw+nK3Fkcw+kco8ydxXnyNYfzVMY1KeOdBh/cifnu9PtbkfkJXqzxkFq04Bch"
    "Y795sfBzhBY2syJlHz1xn2obZ6WKg7oW6sVOf7OinZtakWYTLqPts35RHtToXKUznETadl6eygcbM/In2jKLZxdCjdUNxHc6"
    "mAeD2Q3aaJM1XRCcp/K7nuv9mrJzIvXIL4SFE3+gzbWvuABSnxzBWAWTlnuh7tfDeL55oeNeaPjgOMYk9JiyX3Vva8PW07hu"
    "N7q+F5oUn0H8klMH4Oz0LFb4XKQOHrHwr4zhc8gxG49nI//02AOqO1+6U49h30dd48Fp5mF8VrbxXji+Mx11gEzfODgy/yLO"
    "s6lDEizYepTFGsn/eFEsTFp0glWYPpXs++2H5pMvstG7BJoxJwk2NjjCbB1LpEcH98Ig61PI88mhBHi4KIuZlhZIrFYcxDhr"
    "7c3SBYnAVl2mx/oS2WZMggzjexgD2S8yHbZEv6CuY45LW2akw8VaV2mTDtbUniSBTZ1SOhLOSgvHpsP0i4+p+O85aZdzIgRO"
    "v0n1Oov0+810MCm7RV/uIPSu3P4y2gP0DAntcmglbG+/G/XPHnc2w2pdd7gwdD/d6LoeGNkNYuZeOr9ks0qnVerAsxw9tfen"
    "Wm2AA492IybKYZNK1w3c7AFJOQLVLFiFeI7heJe5HhBdKNJ6k1dB64UekF8j0OAzK2Gbx25Ikv8p7yGrIJXtBH7vRv/NJngf"
    "5Q4OI25L9Y+uUdV2UY7lYuJu0Ly7KyW32AD28buh/eAEabCwCp421cq5qGAjbLqxEz6MTpUaP9oEN4vcYfno69LRSLUMU4sC"
    "UOf/O4uo9Py19f3AxyCG3lxordLPF5r5oT4/e8UUsG/lA+SCQDe52kGP177aXOL21ojhPDmG8+d4zl9pBxn29YEWfUUaGmCn"
    "st2UfJS2XsNEP/gg2wLt4gncMwpEnn2iBJi93Q82/2dJZ+SISOd8OF1pA1qYBMBmr0ia+msoxC/zBb8px6RdMwnYHvOC4llJ"
    "0oTh0+DSeF+Y0vuO9PGorcoW++7qB8umWdNVN0WVDbinpQ+MumVFD7nZqWT7RnxwnawcaAOh8nidqwRqKI/XzMEH/nVMlI5p"
    "bGCijOFrZgfNZJUdanHIB8o/JUj5y61gtRAAph1lO732EEg/7If4hVFEJY9yLEo79+UxP/CNT5T6lQ+B4Rl+cNJOpMsCiMq3"
    "MF5IwrkaUeDKHNLjcJ6N3RLZzokJaCPrTd/NBrrH4Ty4j01kp+MSEB8XEM8+LUxAG7lji91I5985p3OefM45z4cd01jnxSI9"
    "0GIK1NmZxg7dk/egxlNgl88R1mkYodbH58Gs++m4PpzTzIe+61NZp27PpdoZU6F+QTKuP4OGzIclEYdxrT69Zx641Ctj/TsU"
    "S4t/X1bd4VXe1VXez71+rArjbLu8vsl0FuezeSKh7dvfZE3nFuNamnQpj8WN+YD35lznS6ykpID1iLCkF25pMXyd5Jg94if2"
    "zTyYzv9xkf3jlc+CN4k0YNNN5M8xnP/b4PfspyWTWtacZc5D76P8QuAVtnXdQ4yNWTj0CuuxvgDH8qnVDVb37Ce2No3QSy0k"
    "Nv3VA5yH68INtqXzWy2mC2NLnhSwvTdE+u32TTZO5xObnSjQsbFUJadSnhkbrmJMo+kcP9g5mIk/W1rTuaP94b/aTNykQ+hi"
    "J39w1b0k3vF7Lp3r6w/7+zFxt41A3WXMzDZMFNKs6PVp/lDrsiv6Sy8a2YC+0T7Mhfjl0BTQax6FeRc31YyHWVEh4h55Xfo+"
    "aTLYWvho621VToRmNaHijkAN9Uu0Qz5YR0bmwzHc5uKY+nLf8ihCJ9rJ68DdEJHXQXDsMRn58/nk/McmhIg8907k+Mkqno8H"
    "B4vcXrBtPfX/k8//yQmOEsag6sVMB9/r53FcXx0mQ8+vmWKIpRV9cHmqaowcz/dKjl+386iYVVukGSOmYl/+vfG+HM8xHG/Y"
    "LEt0k/WHD6FTVfL3aZiKPPuMnwqv7x5F/7CR+VQVzz8WWRiT6ThrGnST5WnkZkWrZHn8fmQivuLwVBX/Vla5GL/a5poDzLK8"
    "I7r011Dvb9Nh7svbOCcjk2ZCc69ccdEtkV6Y5AD+urniT0HWRY85wPI7NWKZYTAt/hAKH+rpoj628HEkXIxqgPbFftNwpGN+"
    "XZleWP4N5+rL5gjYt70B2suLl4bDk6X/iZ5bg6iFJgyWFH8Ruc5WnBqKeD4/HL9ifztyyES2navCoOhFO8L9ErdvhUEfQXtn"
    "7YBDpOpZShk4Buu4yZg3ebrEPVCga6LCVTIr5Zl4XZeENSE0IiscUma2Rv1QDIuEykttict4K6rfMxzmd2iHOr/56TCVbOnx"
    "bdEeadRBzafFy0aozye2DVPxuX1Pl9joEirK8lxf0YiUrSqRGg8Kh01VuqiHNxwYBjUDGpGgwXckw2dhcLzYEOdw7os+ELxo"
    "HH4bJz8Mg9Z9+uB/sTa/H9I5htOVOY1bndRo+24wU+U05jzxPFHmyTF8vBzDeeL9d5lnzYo4tA3fe06CIItYnM87n2fApgVR"
    "qEtPXTQL5miiUN/O7TQLCmUbZ8VqWW9saI94LifHvxwVS+JSZD3/mb0qtkEZt9CoMg7pYqPpqmeFPItHGXbrjEcMx3MMp3P/"
    "AKcvrExE/KJvY1TP5XTe5nTlGfeJ2H9wn7IxjlKdp5cW/gMpITG0Tr8oWGOwRatv2EaAo/UGyIsT6eLkMFjT8l+kuy+NVJ2z"
    "K8/feV/UheS+yxM3gE2MrNs0CIcj4RugeJVIz74Jg5cbN0DNEivqbhCuigd4X7EG99YFxyPhxpr12G7rGAL3mq6FAdMPSrEZ"
    "kSqerXath4VLDkmnHUKgumA9tJxwW6qwjIArZAM8PWJN/8gyG/3VxiEs+h6kkuFxeLk2X2v4R1VtaGWt5zaOr7WY8o/QekY5"
    "K3+noT0SP0J8eR7ePe/d5jHEyW1+5sLbsdCUjZLprRs+hzfd2uEeGuJeBilbdLDuye+1T5DOvz1Ot4xswSziBbp8RAk8Za+Q"
    "Z/Top8iHYzif5RV10e44GvhEFZfyWMbz53L8q2UXsG9840J4KbfxHrHcVsqm5KO0v5SybfK4gnwicx6p4ltsx9dQjtExL4IN"
    "Mobz5JicspdU94QlHV9WCBtmpyF/01XBqtouSltMaU8pa75MgDS2Tda7nvpGqOwypU3H8WgLy/iIuDTmeEZDV7eKgESjdGaQ"
    "L9IOct+iP2lsgb1IZ8r0KTe09WIa1YmArXFJqEvEVUWobCv/m1p7LfTkXmhE01iK/E2ay3zcXJJZ5x850uGMCGgem8YWyXZH"
    "rdZq/q+LpuNcFQ+OxDafc97W94igfFy1xP1w8stZzC1w0Gk/TPq6D/MbGI2OgvyB4di36eV4ONI0iy7m+0vHGPgRfZHyeSud"
    "uh/SAvbSh+bx9KpdFDx1y6KvbAmNz4yB2zrH6FfZ7uh0OAauj0pHniav9kK/hVloI2t6x8CcJln040gr2kDmqez7ZfNRbU6V"
    "i2o+9yYUaCr/BNEVuj5g4fFIw9/127d7YOyj65b8XdzMC4Abk8wxF327G8EwLu2kVDhfXuuiAiBHpvM1itM3dLLTcPkn9faF"
    "GXJfrjfyvqsnNMa+HdsGQVzDY9LaL/LecTgAVsl03pfTr0zIlca5EFqnRSC8yi3APOoRYQEqfJOk4xKX//L+AFDmh1HK9sX5"
    "pNSxszXdmR0An/t4oB13eICrKl7o8vBduO6Zm2xX1fFUxhoJK3bBV4MomjdmO/Lh6x7no4wjUtqJSp5KG/l/8VHapJwPX0s5"
    "H6XMYtPdcOK3QM+2dFXVFZ0ntxNuWNE/A13h3eUIxIebt1SdzQXlhaIM0we1Vp1pKs/jtp0PhcjRIl0HeqA8H+Q8OYbzVJ5v"
    "TssPBWm1QEvu6cHbN6EwvkCghz314XT3CHC9KdK37eurnpuXH4Zz6/KjMTSuHwYe/SNpzPTWMNo7CvkXeNaHBeHhiL/u1lD1"
    "XHOHCBiXJVDT/PqqMdZqGAZXpHtSkklLCI8LxD3iT4QR3DIOgUGbkqReJ/Vg7qBgmPPgptRwjBHsOxWG4/pw3BCGWQRB1PP9"
    "Uq19XaDKIhR4vYzZd9qo5kc5J8qxj+wbgs8yaKWnmofN8vfHeVqMqa/CKOWxlMfSaaxIO8ljeWscAT5F1tSwY32omRaBNmn3"
    "p/Whe7NQvAOed6aZSoa5Y8LBouK29KVrI9VzlfMQtH4fjvHd/ErZrtHO59ez9aG5ZxTkfiX0a//3TCnDiTzt/L+9Uk/17pz2"
    "R8HXJIFesXvPBu6MQj5rJ79jHM//C47nz+LfMH+WS51o2F/3nrSl+BVrNS0MRr1IkLrua6CaE+UYlfI0WRGFdIceH5lyToL7"
    "REKtbWlSneVVTCmPUv5o10hYr58qTaDl7GVoGPD8coW7dMDcLQo2XrSiuT8/sOFTtba2rX4iGxEbg2NJW3WezV4v2+mX46hP"
    "pxRm+DAG2h+KoKPOnGfOQfFan8z2M2zq7Fh4f0Kkh7aeZI/mae363HopiEGfjIzh/Pkccv4vfGNB76VAc+qcZv02xIJOmIa2"
    "2XeS1ZHbS3Ot6ETr0yz21WHcj+YOXQ3HTx5mFV5WdKbjatjirLXfv9LVMLW5Ntduuv4a6NLhCGtrak3XzVwNCVER7NH+ILog"
    "eQjYeYbh3nos0gxubtqPNnv9BgSsxh/Gc6sL1VYwf/kB3Ft1Fg6DgvdxmJMq+LcG6dxm53SOx/yNMr7ho0No4+v6akBXbvM1"
    "n7fvXgtGP/A8p6EwuGEI7qGTEobBqdIYbN9pagN1ekexqbItoNtoCOisOYB2d7y3FSSHRbAB60VqtGwIvO8ShfRnOsOgW8dE"
    "FjmS0LizVhB9wv3/f7729Lg7Kx8o0lsOvSA4MhD3+ilNe6lkrjU+CHWJXnQgWMrPbXHNktY0HAKSexzjOkmbJoOxjTHSclsp"
    "A+fJ5+T/eP7f/Hwc48FODBPpvbJeqjoXXtlO+CyX8d1UGKXMpW/d0e/xpX1vlfwGm93ZhSkCZW69QHl+2qCsNt4JeraasTF2"
    "9fC8L2X5CaTzd8fpdRa0wvgcp2FH2bxT9aFHd0LDfhxjcKc+Ypp/P48YLj/HTNnVAHzk+a/lfZzV/awHv2Sew5wTEc+fxfEL"
    "9+iBmaxfxfw5yApv1IcRmSJtO/04K3QywDjV2TfjWZPX2nP/VqeOsD869fH+TmWfI+warQ88Prm34zFV3znZetC4sw3dIY9r"
    "+jsdjG98Jhxjr9y1ccVv6ierZFPK8NOlHp5v/rvlhMr/c1D4xHaHB9OhPy6q/E7K+Tlc9QXnfOz0C+xE4lf85r89vKby7Sjn"
    "OffiJxbyypKmtJQQz+kcr5z/wXPf4/f89Ui2ynf0R/yA7U0rJRX/ygufWHK0hrrKPGNleqi8j/eT6b3LT2try868w2L+7sU6"
    "QVP/K2BG1afZj1PnpM7Jd5jf132s79Qyqe6TJ8xibyzTBBLa6dJTNmRhDHtpLFKrDcXM6v5ZJqYItPXfB2zg32xtjVqffDa4"
    "+Vn20UKkLXbns9jsWDZooIaGdypW5TwM2ObGkjsQ+qHTC9Ykehe7dKlImv7+OVuZspe1/JotXW1cyLpHubG7H0TqvuuFSgal"
    "zBeGxzA9Cyu6blcxq1s7BmWInlbM7GpaisWrgmmCpwf0eNMMbe2CTR6wL6Ux2uZvf3uB2YqdGH/41t4HcuMThGUBIm3DPJHO"
    "v1tO53j+fjn+QedMYaVsY/7eqo7T6DLqgHBzv4Y2K/CE4XaZQpuLhF4N8wRlXMfRhu8xF9OA+x5wV8ZwOad5eap4Kvt61U0Q"
    "uL+i8p6nSjbls77vPoZ+trcWvtDCqQB9BX/WhUL0/Tz0Ibz4EIh0PkZOf/fsNPoQDicFqPyB377dQt/O4ooAxHA8x/wtOSoW"
    "dZJtNw/f/+ljXON8BGW4u9MH5r06h3yyFvhB43XnkH7Hw0/FZ/W5I+iji3HzUfk6LH+sRB/aw9mj4VmPGShnqWYk0vk/yOkD"
    "Tk1FH1p1PlH5T579P/VcOH7O7MHIvxUdDqts5yPP1ktsoNk/Y8Qy5yJpgqsGWrB14s7lIh1QZwzUDZyHPA3224DtvBXoU501"
    "bxxYbRyJbY89AqS4ThPrj3kqjfcl0KiuMz7rQFsNvPezFS2eE3rlgyWEB9iKG+Rv3k5uS3EmeH79cm4oXHc3IbPNRLpwQyic"
    "W9sTfVAvYkJV/iilz0rpg5q7zYTYh2joZKdQGBfQk4T2IXRAQKjKrxX6+y36DztccoApJ96K6Q8saEaOA1x8WoXjOl3HEVJm"
    "VSFmm9MMMJlbJdZcEun7f2fAnkVV4t9OhNpbz4CSOsYo82pLe7j1yIhs/KWhm4k9bL9khDEAMV2nQusxRoixvWoP5dZGxPyX"
    "QINe2MOBkUbkyTAr6nTcHjqtkTFt/pNav7OHOxXPhR/X/kozt5uo6m31zuskjgmpkjxzB8GDW4Yo54l7g0C88ADzns093VtV"
    "k6vz6edC79Av0vFkEyg3fyEUaqxoJwcT2DnbUGTeAqUzBkGcThHmaps4ug9UdisTquoJNHqrCYx0tEP/oY7kC1fM7NAPNifM"
    "F6ZdnID+w6jSALhwcyTh/pCI3SGQs0gkxjn76MXPWjr/pzid4/l75/iJs2xI9i9Lujw+AHxNRPRntvxP/l+ei8hz4pZgeJZu"
    "Q3aVivTZiAD4I9N5X06PL7RGf+PaTD84IGNM9azoURnTfKwNObjzvnSzwB/ShtvgPK9KCQCxwgr9jdt1/FU8e8yxId/GE/o9"
    "LgCMx8zGMQbnekODQbMxNinzvDd8P+mI8oxu5gdO9exQBmFGAORum4LzUK+xLxh3diBdz5VKn+/tQQzHcwzvi3HUcl/H91NI"
    "r8saqtPFF/QrVpGdtYOoz3F3GJO3En13/UI9oN/S5RhHN7eBt6pv2Q4nnJ+B/b3Bws8J+TuW+0DDqnmEtNbQrNre2Jfz4X05"
    "Bu8Cyxil/L1rzyejF4j0ZBtvCB4/nzywJXT6SS9omOVExtJoKvb1BqMpq9Hf6NzaXZWvWCnnUuOliPn/1XXlcTFv71/Jkvt1"
    "Q/Zd15LKcpGiZuacKftV1iIhXCFLcXVxu2jftAwtZEm7kpK4Ic2cz4lQEQnZshV1rSFZ0++cZ6bf9zN/fP/q/Xr3Ps95zvb5"
    "zJw553ne3FZj/nzgWNyu0du8YT3qdvXSinXcPckLxmVo1U56rf0GLA//qnKe5Ec/d1ynHqNx2nGVo8+sw02Gl1TxT33pO39v"
    "/Mi2SmVj46UVG9klaRvMh9En/6Z6rC4z+4eqs0Z+9GOiF5wh6Vmxgzp22IC3ncLk1EY/2vyLPbSl3Q8r+mHnTBjridNlVHz+"
    "arODlfocxfRpdIRSAvrmm3JaXy4DfuDMKTTFaSb2Xo5J7+9qPe8HrrdxRxDzOdsG010pMlzbGZOXulOgLNfwslzDbXKN+KyX"
    "+FxWl1gZnv9JRiqeTKbbEhW4rzkiUypW0tK+u6HsjeCVtIdXJMyZBJ31tGlcMIz7/blbaFx0CLSrV7A7PT0kDOaAVcNGrTNC"
    "4rNAd9uGw1gf8ncDm1x/mNnkZXlbeFlun69lbt/ZIhQPpBISwL6/lPp5qMf08iDAmT0Q4G4/b4Tn3plgI+rw0BVw//CRdGpn"
    "V1y0T058Jo6kiiUe+FYYIkbPBtHP/VzBzqE5I+kyKw9cOBoT+3wj+mqEK85SIVK9YiR9VrAcnvnhYZ+Ezw888NKlmFyq1qPi"
    "eOAbCz2w35xPqoOH9ejUe+6gX7Faj07O94A5md9bj/Y6vRxvspMTdOGTkMns1Hsh8i+zs712Bfjw3PmzMPS9O55ZLyPjg/Wo"
    "os1W4ItigoQX+lvxsdeYRLgECdUMnwnEpJrhJ+224lXrEJl7gfEMh6Yg8jfD7+ZkwbjcGN6fcgxjx7D4XueAIvWdyoUfR9PN"
    "zkcBu3sNoMYL07GrrZQMDDaj4juh+wKPwhqclD+A+timY8OxiJjcMqWTR6TjtBpMXM6b0r3ydLxmj4zUeprR/0RnwPpaXtxP"
    "S/++6Ah2RtdVZ9NN6VhlGmh8jE2p1bU0WFPX+5ho+fC/7Kc9CQLfCmYGCEN/2gNzz2jWfuHyLQXwR7dFCB/rg2AODOmkEL6E"
    "BoMm+V6k0Ov8brxqtIIYOsUJ2XbhoDdzDxW4TT4PuU1uh/cVt8M1HHON+O7t66OhOMWePdMiFIKuUyjU9bFxt9BcEQxteVYR"
    "o3Vvd3brUOA3nI/V8m1HeTDOkJ5WTVDGCAEpodinLSJ6bxTCuq7RsBbstsZqnWF+Y3IAxjQiJlEw2R+Py/dHEt2af4SJ8TGw"
    "pva+TwANX6dcI77LzG3yNtozm8eOxOA04wSyOSVB6060+L7zeVkU+LDtxG5h541YKJuzYh9gbp9jsZ9czzV/Mb24LrGfBofS"
    "wM8/6H2t89v/5qTBO3Fnzn2t9mY4p+C7DVJSXFKsdX47o2MKXpOGSBf9UsHKKAXjdxIy8naJcOVtPDZqLSWWa/K0yhb3ScH8"
    "N+vl/UqFWWPUZ/Nsasu0yr46nARj1OHaVaHn3mT66I2M9GmyFL7Fqs9dPEjdLhRaJcO+TZtVEsGnayLtNRyRG+88hZ9HpcE+"
    "j1mIuZASoj6/cfWip3B7ezId/0xB5sdMEDZeTKb+OTKS+rM1aPg+TxnTpNBk6hyAiNd6K2GdZyKt8kCkx77Ngsf3RNjviu0+"
    "UcBeh2EPMH3YZmH9jQTgu4c5CMovCbAnmaXnKdjFJtNXTXJSpTNBeH4hGfbBzMZbC7rMT/MBNuTJW0+hHUmmIxi/c5OVsKh9"
    "Eo0dm6g62GqiYMo0M4fKiX+9p5YPYt/E/ovjHrSfepy+dK0gfwZelZ07fZyWr0TkbOcbMnH8hEWVp6B/TumOQlNrTkA86oIh"
    "wxDn+R4g543H5UKfNK+uknHM92Y5FseIEJetv5tLSy3iyelYazS4/gRdvEVB9pUNQRmD/oG6PhqMR/VFubA/v1BhDTy3w3l7"
    "h1xaubaCOJaM0IojEbuwkJYOQYTo6mP3BhWdFn+LmFqwL7WiGB2zEaH5d2XkcfprlBdWSP1Osu8+kz+gx99UdI4zew6veIPE"
    "8T24Rj82GjT/2XsB9KP6tcUct2c8x/3simjmCETu+vXRivshzs8ijg0iLmsTdZ7mD5YRm+guWOy/uK7fgy6BftCHHoB9Gc/x"
    "jG5zacCGKtUK8ybSKsaGlv2uVPmvtRbiXWbR9Ld3VWN/6yScLrOFfRiVs41WPJOci5No503PVZ/d5ELgl99gn6dxaifhRKU9"
    "Ff6RE9+gHoKzvj3dPqFcdWS/oVa8lNQT9vRciJxsbu4uZDC+0lhOwmJtBVWpC5xpt83xJAc3zoa9lOEX9QWdfU5w76whNxx4"
    "/j7ivDiHSO0dR7pyMSbthxcTboc/fyYxO0XUCe6jHTwYScQ5Tbrsd4ay1v+WkrQaR9rlLftu4loMPMRwYLyKfR/b0xaT3bol"
    "ZHqnJfRchZw8T7QiP5j/q/tg0k2nh1D9fB60/fZ4Qsb3nw191aWxvZD+ypE6fnqq2nP6IjFuvYAW95MTM70SEqc3lzYsqFLl"
    "Gfwgc/IWUf65MWmqF3HaPVmdk+WtRPgzfQzcLXIu2C7UFo6BO9dbF+0QuAbyuTBN3QUEbZQGrhUiJk6kdvNlpMFvHfC8jZwX"
    "x7EJWD2RXqmSkms+awS3neb0wIE44hXzp9a9vMq/zaHeDA9PQXwHUOyDb8KvoOm5zFtwN3ChVhsV5N728VLxGIn7vF38UuA/"
    "eR+SvMlYBnuMz4zmkaW2S+hWCym50c+aUKU678+DskFS+ebFNL01IiOqxxOu52PB9QLT8H2520yTN8UJ+vxy4jhyaa0TjQqv"
    "Uq0riyRt/lhMh5+Vk6+N47Xsn45zhn4+snohKbZZQgfekpGHg61Jfchi4P0OmxMHk8WwP2lns1T6wGkJHe92WTXc0Ebq6uJC"
    "W21i605pK62LdqFb2ANgdV1Pqc8oF9rYTU4m77KRivMHhZbqwF7luVM15F5YJ/Bz8C/HiF2jLuVngX7xaSLV7q1p+7+Oq/Qa"
    "PxO7eAPgl7U6S6rKO0JZvTHxxL57W9rvSY4qt/YF6cs08zxLVb1cjpD1c1tDnxg9zSHimEsvf2+APfb7+g/IzOZaweKRgnzI"
    "MRB6m+jQHl8lxMevjnANf3dzjTjPkaybDl2bJSM3jWvBPh8Lbn/jSR16+pSMuE+tIUFmOjTmAiZTAuu0eHHZfW11abu4B6rS"
    "Ya+12isu+yVNj+akHFd9c3tPxL6J+2Sk1U1Bf7+MPFmg+J85K8U5Lq86VAD2P2svM3epEKzd2XuwTxjwvCzns/0qhEGhMuLt"
    "ESrbO7cS7Fx22ivzPVIp8HuOueuiZb4j54HPij9HoVl3HejHmzIyLsQcmeMlMP+LYy/KftrgDGPkPkQXPY9ypk/zMKE3dFDe"
    "x0Ww9k/WNcmWx6k1mSu/yz57OwB2LrRE/T/NhTlWXjQGyevVfMw2czRFx5FmbUBk/zdztMDHgZLTmDT3tUSjMx1opzY25JjC"
    "Ein+Ywf694VrUKahHd13XkLWmaxBaS9mQr3Le7qieUvsaKyHjOgsc0UDLezoZRtMPh9fg3oyPi0ekSjGx76dSU/SalWH3q6o"
    "uMaErhmuIJ22piMevxdizjdnoIH6GNa47EWYVgw0yXIrmHvB7xPR23sjYI2Pa5WiFQONa/ga55rNA0aCndvSFK2YaZOQFDSz"
    "Qw+hMStNYV3LX+QA5j5wLPbtWJoF1Dv2TaqWn5znc57zK/p8g311kw0pyOfzN+GzHiYrb6ei7a2/C5u2YGL0RyqyqWiCvWi3"
    "2YeR4Y4mobL7DVWSfRI6xPSOGxF5dSsV1Y75Br/1WO/PRnTxTfgtLHdPHPq08A7s8zviVGR556HQuaOc3Cw4hHbc+wy/HSyq"
    "T0ZtyENhEnvO3+8fDzyfM5znNuFdw2yWNz1T50PpnYFe3XgBmqWWCcBDzDfGW3Utpc/3IKJ7HeEg32Jqwz6HTJlhiesLiqmZ"
    "HiK7v1to5YMzbFNCk9Nukbl1E3B+/1LKvxff2oBwfXYJlF22RoZdWl2lS2SHlJaVM/GF4kvUTF9m/WH9BDz03SW4Y7V00wSs"
    "DC+Gu1QOv1vi02Xq3HOVj6bg0MBSeiY5yupb8Qxs0ukqLW89TlWoPx1viiulPYcVqr72wdjKrJR+7RWuNBoix223lNCHSdnW"
    "J5ymaeW2E+eziw0uod8+NFoneEzDUUHF9FrxYuudb2xwduZluob5NuGyFMvaZcOcrxlmiZ/czaJ2vTE5M9oCH6jNAjtZphbY"
    "Yk42/N40L8oCX+6STSXPEDH4xRLXfsmim5djsn6oJe6C1XYmD3XEIeOyaStPTF72dcR5v2bTSUpM/Jvm4zKZWuPwYz6++ls2"
    "NalBJNjYEdetrYG59yo5BLuvUee7dJZ648B2T+CZ0GFhMP6seABrYewob61chM2tHsF74XulP15i/ohe3I7JsSR/PKPuMdwX"
    "NpoXjH8yeUQPRGEy+IK/Vs5EXi/8rsHq5bEZnRapYzN6v30CfEjHAMBcz3Fo9TPAV4ojtezPnlENvi3sHanlc1y62n5df+0Y"
    "j55jquF9nWcYiZ8cfEqfDMPEdcAu0HP7XM/r4nOV17V08VP6myciMyJCteJG5nSugP68Ha2d81Sck1Sc27SX5C7dryhVRZVl"
    "4GmMf1EiJ6cY3+evvfCeCmwfhg0i94HPfzcGY53YONq0WEYSz4biksZ4eIYMKfIHzH3jmOv5ZyGub5h4COwkMRzxI47WpWIy"
    "tToUr3p4APiw+yE48F0c1V8hIw5loXhH1QEYu/nHQrBTcxz43CkyDHdg9Tp0QeQYqzdzVxw8e9NW7sINzWr89+RdWvbFfort"
    "W8REwLjMWhUBmPvA8dEOkXQ6j4Vyf5eW/2cCY0FDXbT7wWfSHjqhByaRyeFQlredl612jaW3x8aRTvZhuG7qHvqMYrK4IBw/"
    "ZniXMSaY4SxWlo9RVY42L9aL7XPsNACTCIbNq7dRb/be7PEmAq+9sw2+79A+kbiqbBuF/N0Hw/DMm76A8++EYUWxL1vXiBw2"
    "i8S/GvrRt7dvkqOGaj3Pj8z1J0t8qWENJgadI3FNikQICookWwd0Uy2ps4Kc4N5hdwBzPcf9RqP/z0vO84bzXOQ8b/jVkbOB"
    "v9nnsEqcT/zW291CLI8NNXywTJx/fNfgP4C/51GklYtcnKd7Q/E+IeMlIqscPkrjvoYJofZlqtVdy6XinOAfv0+DcxHZD1KR"
    "5x+NkBvoUHIEijkwVR1X1jINEddPhGuOnI1A+aHW8Jnty9towHx9cbz5WGuw42mj0Iqv+6PkL7BT1LoUxQb5CO+NMHk04wY6"
    "0i4UfrOe0/Ya2qncDe+R/mHvtOLx7mkdDO+pr93fgYbXxTW8LJ9LvCw/h8D96XrgKuq1RQF2oobVoccHw+Fzo4FeFTr3MViQ"
    "umESPOkNWvKwWcrfp51oGGoizdKfzuWrtkeEIYn8odRwwUtV481AdHbQC+nPC+Vkmm8gSt71Urq2sBU5sjoQzU2/I+Wfheq3"
    "hiGTmn+lMxLkxLtvIOo+7o50wpeTquRru5Dd6JMy/my/nR2IUmblyXpeYfPTPwC5++bBb7J3nQPQwOhs+O013SoAPU48Lmso"
    "khG9VQHISJYnm75bTsr6B6CaqOMys0YZWdAmAH1bpGstcciSvq89qrR11i1owUk6+edK7U9Ke3xPUvbUybfiuCfDj18rzs2W"
    "npUmHY5U2r1WWLXgX4Ugq41JBVLXrluU+ULQuRYccNTfysCGSKfoWip7ZPqfa8EvD/tb7TYRpLPntlFuTvA/14JFvKSFn8Ow"
    "gabsVF1LSYvNaQyL6pKIfJCIfJNU/tdnSUtbWLskLW1k7ZKI+kEi6gfJUo+QXGdbK+vr+kNVic2mkh6nyy27/zVQxXmOzzP+"
    "OOO5ZjDjiX4aaLqUGqiuMsz5fgw7NrwA3qnhhdKNYc6vY7hvqYFUbT9N2Ylhtc00pdFfA4HPbTZVdmOY8ykMl+kPBX7LFdOx"
    "lGHO+321HtuiyWe+DNSUvcjwzxqbV5gvvTR13WF4lsafpezvco0/m9jfixqf+zPtmf+2RXpY08ZfmO0oTT/wOlk/nOQ894tj"
    "znO/0pmvLX2Vx7CmrIq3jfOdWZ/wNrf0z0LWF5znf3m/tPQP/5+of1Qt/cNtcf4fdf8Az+u8xsaD83x8Chnm/JYrmbktmkPM"
    "95ayxxjurLGpZG1tqauU4UUaf+axPlmv8ceV4QqNz71Zn1zUtIX3MdW0cRDrk5Oatndl+Kfz6QXtgzOl0cbpktVtTZWNQZnS"
    "qX2jJQsjhij7LsiSXlsaKcmZ5Kbsw/BVWzfJfd1NoHmrs0myv2804KI2ppJ+LpGgzw8fIimfkQr8u+EnrNN1E5TbF2VJk3Zm"
    "Wo9qmwn8syVvxhlFpCpTV2ZJE1/XjtvDNKvXZUltd2QW5GvKBhufKPixNBI0ueFDlNs0dRW0MVVGanxA7O9q5hu335P91dX4"
    "35Frw9X+xzIbDoXqNuobpyuHF6Zbc9yBtfcF81ujlzxmfmv0kjmT3CS8vcymxEt3k0RTl2Qj02l8kHxiOq4/xcrlzUgF3t/4"
    "hHW4bgKURTsyrUe0zQTe5HrDqYERqaAfPOHVqXSNJnNnZsF1Tdkvw08U9HVR21Qx3/dp6ipm7T2i8ee6rZuyQuPPe51NykVt"
    "1f5PY+39LULtPxsv5XNNG9mYKv8Pblq1hQ=="
)
