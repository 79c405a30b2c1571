package com.company.essworkplace;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
